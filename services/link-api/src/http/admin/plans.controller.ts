import { Body, Controller, Get, Path, Put, Response, Route, Security, Tags } from '@tsoa/runtime';
import type { HttpErrorBody } from '@waymark/http';
import type { PlanUseCases } from '../../identity/app/plan-use-cases';
import { PlanNameSchema, PlanWriteSchema } from '../../identity/domain/admin-schemas';
import type { PlanView, PlanWrite } from '../../identity/domain/admin-types';

@Route('admin/v1/plans')
@Tags('admin')
@Security('operator')
@Response<HttpErrorBody>(401, 'unauthorized')
export class PlansController extends Controller {
  constructor(private readonly plans: PlanUseCases) {
    super();
  }

  /**
   * Every plan: rate limit, burst, bulk row cap and export quota.
   * @summary List plans
   */
  @Get()
  public async listPlans(): Promise<{ plans: PlanView[] }> {
    return this.plans.listPlans();
  }

  /**
   * Creates or changes a plan; tenants on it get the new limits at every service at once.
   * @summary Create or change a plan
   */
  @Put('{name}')
  @Response<HttpErrorBody>(400, 'validation_failed')
  public async putPlan(@Path() name: string, @Body() body: PlanWrite): Promise<PlanView> {
    return this.plans.putPlan(PlanNameSchema.parse(name), PlanWriteSchema.parse(body));
  }
}
