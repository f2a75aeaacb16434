import { Controller, Get, Path, Response, Route, Tags } from '@tsoa/runtime';
import type { HttpErrorBody } from '@waymark/http';
import type { NotifierUseCases } from '../app/notifier-use-cases';
import type { EmailConfirmationView } from './channel-types';

/** The link in the opt-in mail; the token is the credential, so no API key. */
@Route('v1/email-confirmations')
@Tags('Notification channels')
export class EmailConfirmationsController extends Controller {
  constructor(private readonly useCases: NotifierUseCases) {
    super();
  }

  /**
   * Confirms an email channel. Single use; expires (48 h by default).
   * @summary Confirm an email channel
   * @param token The token from the confirmation mail
   */
  @Get('{token}')
  @Response<HttpErrorBody>(404, 'not_found')
  public async confirmEmail(@Path() token: string): Promise<EmailConfirmationView> {
    return this.useCases.confirmEmail(token);
  }
}
