import { Readable } from 'node:stream';
import type { Request as ExpressRequest } from 'express';
import { Controller, Get, Path, Post, Produces, Request, Response, Route, Tags } from '@tsoa/runtime';
import type { HttpErrorBody } from '@waymark/http';
import type { ChannelUseCases } from '../channels/app/channel-use-cases';
import { CONFIRMATION_PAGE, CONFIRMATION_PAGE_HEADERS, CONFIRMED_PAGE } from '../channels/domain/confirmation-pages';
import type { EmailConfirmationView } from './channel-types';

/** The link in the opt-in mail; the token is the credential, so no API key. */
@Route('v1/email-confirmations')
@Tags('Notification channels')
export class EmailConfirmationsController extends Controller {
  constructor(private readonly useCases: ChannelUseCases) {
    super();
  }

  /**
   * The landing page of the mailed link: a button that confirms. Opening it confirms nothing (mail scanners do).
   * @summary Show the email confirmation page
   * @param token The token from the confirmation mail
   */
  @Get('{token}')
  @Produces('text/html')
  @Response<HttpErrorBody>(404, 'not_found')
  public async confirmationPage(@Path() token: string, @Request() request: ExpressRequest): Promise<Readable> {
    await this.useCases.checkEmailConfirmation(token);
    return html(request, CONFIRMATION_PAGE);
  }

  /**
   * Confirms an email channel. Single use; expires (48 h by default). The landing page's form gets an HTML answer;
   * any other client JSON.
   * @summary Confirm an email channel
   * @param token The token from the confirmation mail
   */
  @Post('{token}')
  @Produces('application/json')
  @Produces('text/html')
  @Response<HttpErrorBody>(404, 'not_found')
  public async confirmEmail(
    @Path() token: string,
    @Request() request: ExpressRequest,
  ): Promise<EmailConfirmationView | Readable> {
    const confirmed = await this.useCases.confirmEmail(token);
    return request.accepts(['application/json', 'text/html']) === 'text/html'
      ? html(request, CONFIRMED_PAGE)
      : confirmed;
  }
}

function html(request: ExpressRequest, page: string): Readable {
  request.res?.type('text/html; charset=utf-8').set(CONFIRMATION_PAGE_HEADERS);
  return Readable.from([page]);
}
