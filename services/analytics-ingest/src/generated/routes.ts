/* tslint:disable */
/* eslint-disable */
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import type { TsoaRoute } from '@tsoa/runtime';
import {  fetchMiddlewares, ExpressTemplateService } from '@tsoa/runtime';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { TenantAnalyticsController } from './../http/tenant-analytics.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { LinkAnalyticsController } from './../http/link-analytics.controller';
import { expressAuthentication } from './tsoa-hooks';
// @ts-ignore - no great way to install types from subpackage
import { iocContainer } from './tsoa-hooks';
import type { IocContainer, IocContainerFactory } from '@tsoa/runtime';
import type { Request as ExRequest, Response as ExResponse, RequestHandler, Router } from 'express';

const expressAuthenticationRecasted = expressAuthentication as (req: ExRequest, securityName: string, scopes?: string[], res?: ExResponse) => Promise<any>;


// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

const models: TsoaRoute.Models = {
    "LinkBreakdownEntry": {
        "dataType": "refObject",
        "properties": {
            "total": {"dataType":"double","required":true},
            "clicks": {"dataType":"double","required":true},
            "scans": {"dataType":"double","required":true},
            "humans": {"dataType":"double","required":true},
            "bots": {"dataType":"double","required":true},
            "domain": {"dataType":"string","required":true},
            "code": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Granularity": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["hour"]},{"dataType":"enum","enums":["day"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Totals": {
        "dataType": "refObject",
        "properties": {
            "total": {"dataType":"double","required":true},
            "clicks": {"dataType":"double","required":true},
            "scans": {"dataType":"double","required":true},
            "humans": {"dataType":"double","required":true},
            "bots": {"dataType":"double","required":true},
            "uniqueVisitors": {"dataType":"double","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "SeriesPoint": {
        "dataType": "refObject",
        "properties": {
            "total": {"dataType":"double","required":true},
            "clicks": {"dataType":"double","required":true},
            "scans": {"dataType":"double","required":true},
            "humans": {"dataType":"double","required":true},
            "bots": {"dataType":"double","required":true},
            "start": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "BreakdownEntry": {
        "dataType": "refObject",
        "properties": {
            "total": {"dataType":"double","required":true},
            "clicks": {"dataType":"double","required":true},
            "scans": {"dataType":"double","required":true},
            "humans": {"dataType":"double","required":true},
            "bots": {"dataType":"double","required":true},
            "value": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Record_Dimension.BreakdownEntry-Array_": {
        "dataType": "refAlias",
        "type": {"dataType":"nestedObjectLiteral","nestedProperties":{"device":{"dataType":"array","array":{"dataType":"refObject","ref":"BreakdownEntry"},"required":true},"browser":{"dataType":"array","array":{"dataType":"refObject","ref":"BreakdownEntry"},"required":true},"os":{"dataType":"array","array":{"dataType":"refObject","ref":"BreakdownEntry"},"required":true},"country":{"dataType":"array","array":{"dataType":"refObject","ref":"BreakdownEntry"},"required":true},"city":{"dataType":"array","array":{"dataType":"refObject","ref":"BreakdownEntry"},"required":true},"referrer":{"dataType":"array","array":{"dataType":"refObject","ref":"BreakdownEntry"},"required":true},"source":{"dataType":"array","array":{"dataType":"refObject","ref":"BreakdownEntry"},"required":true}},"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Breakdowns": {
        "dataType": "refAlias",
        "type": {"ref":"Record_Dimension.BreakdownEntry-Array_","validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "TenantAnalytics": {
        "dataType": "refObject",
        "properties": {
            "from": {"dataType":"string","required":true},
            "to": {"dataType":"string","required":true},
            "granularity": {"ref":"Granularity","required":true},
            "totals": {"ref":"Totals","required":true},
            "series": {"dataType":"array","array":{"dataType":"refObject","ref":"SeriesPoint"},"required":true},
            "breakdowns": {"ref":"Breakdowns","required":true},
            "links": {"dataType":"array","array":{"dataType":"refObject","ref":"LinkBreakdownEntry"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "HttpErrorBody": {
        "dataType": "refObject",
        "properties": {
            "error": {"dataType":"string","required":true},
            "code": {"dataType":"string","required":true},
            "details": {"dataType":"any"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "LinkAnalytics": {
        "dataType": "refObject",
        "properties": {
            "from": {"dataType":"string","required":true},
            "to": {"dataType":"string","required":true},
            "granularity": {"ref":"Granularity","required":true},
            "totals": {"ref":"Totals","required":true},
            "series": {"dataType":"array","array":{"dataType":"refObject","ref":"SeriesPoint"},"required":true},
            "breakdowns": {"ref":"Breakdowns","required":true},
            "domain": {"dataType":"string","required":true},
            "code": {"dataType":"string","required":true},
            "window": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["24h"]},{"dataType":"enum","enums":["7d"]},{"dataType":"enum","enums":["30d"]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
};
const templateService = new ExpressTemplateService(models, {"noImplicitAdditionalProperties":"throw-on-extras","bodyCoercion":true});

// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa




export function RegisterRoutes(app: Router) {

    // ###########################################################################################################
    //  NOTE: If you do not see routes for all of your controllers in this file, then you might not have informed tsoa of where to look
    //      Please look into the "controllerPathGlobs" config option described in the readme: https://github.com/lukeautry/tsoa
    // ###########################################################################################################


    
        const argsTenantAnalyticsController_tenantAnalytics: Record<string, TsoaRoute.ParameterSchema> = {
                request: {"in":"request","name":"request","required":true,"dataType":"object"},
                from: {"in":"query","name":"from","dataType":"string"},
                to: {"in":"query","name":"to","dataType":"string"},
                top: {"in":"query","name":"top","dataType":"double"},
                format: {"in":"query","name":"format","dataType":"string"},
        };
        app.get('/v1/analytics',
            authenticateMiddleware([{"api_key":["analytics:read"]}]),
            ...(fetchMiddlewares<RequestHandler>(TenantAnalyticsController)),
            ...(fetchMiddlewares<RequestHandler>(TenantAnalyticsController.prototype.tenantAnalytics)),

            async function TenantAnalyticsController_tenantAnalytics(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsTenantAnalyticsController_tenantAnalytics, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<TenantAnalyticsController>(TenantAnalyticsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'tenantAnalytics',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsLinkAnalyticsController_linkAnalytics: Record<string, TsoaRoute.ParameterSchema> = {
                code: {"in":"path","name":"code","required":true,"dataType":"string"},
                request: {"in":"request","name":"request","required":true,"dataType":"object"},
                window: {"in":"query","name":"window","dataType":"string"},
                domain: {"in":"query","name":"domain","dataType":"string"},
                top: {"in":"query","name":"top","dataType":"double"},
                format: {"in":"query","name":"format","dataType":"string"},
        };
        app.get('/v1/links/:code/analytics',
            authenticateMiddleware([{"api_key":["analytics"]}]),
            ...(fetchMiddlewares<RequestHandler>(LinkAnalyticsController)),
            ...(fetchMiddlewares<RequestHandler>(LinkAnalyticsController.prototype.linkAnalytics)),

            async function LinkAnalyticsController_linkAnalytics(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsLinkAnalyticsController_linkAnalytics, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<LinkAnalyticsController>(LinkAnalyticsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'linkAnalytics',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa


    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

    function authenticateMiddleware(security: TsoaRoute.Security[] = []) {
        return async function runAuthenticationMiddleware(request: any, response: any, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            // keep track of failed auth attempts so we can hand back the most
            // recent one.  This behavior was previously existing so preserving it
            // here
            const failedAttempts: any[] = [];
            const pushAndRethrow = (error: any) => {
                failedAttempts.push(error);
                throw error;
            };

            const secMethodOrPromises: Promise<any>[] = [];
            for (const secMethod of security) {
                if (Object.keys(secMethod).length > 1) {
                    const secMethodAndPromises: Promise<any>[] = [];

                    for (const name in secMethod) {
                        secMethodAndPromises.push(
                            expressAuthenticationRecasted(request, name, secMethod[name], response)
                                .catch(pushAndRethrow)
                        );
                    }

                    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

                    secMethodOrPromises.push(Promise.all(secMethodAndPromises)
                        .then(users => { return users[0]; }));
                } else {
                    for (const name in secMethod) {
                        secMethodOrPromises.push(
                            expressAuthenticationRecasted(request, name, secMethod[name], response)
                                .catch(pushAndRethrow)
                        );
                    }
                }
            }

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            try {
                request['user'] = await Promise.any(secMethodOrPromises);

                // Response was sent in middleware, abort
                if (response.writableEnded) {
                    return;
                }

                next();
            }
            catch(err) {
                // Show most recent error as response
                const error = failedAttempts.pop();
                error.status = error.status || 401;

                // Response was sent in middleware, abort
                if (response.writableEnded) {
                    return;
                }
                next(error);
            }

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        }
    }

    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
}

// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
