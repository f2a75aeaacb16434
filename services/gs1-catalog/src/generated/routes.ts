/* tslint:disable */
/* eslint-disable */
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import type { TsoaRoute } from '@tsoa/runtime';
import {  fetchMiddlewares, ExpressTemplateService } from '@tsoa/runtime';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { Gs1LinksController } from './../http/gs1-links.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { Gs1ExportsController } from './../http/gs1-exports.controller';
import { expressAuthentication } from './tsoa-hooks';
// @ts-ignore - no great way to install types from subpackage
import { iocContainer } from './tsoa-hooks';
import type { IocContainer, IocContainerFactory } from '@tsoa/runtime';
import type { Request as ExRequest, Response as ExResponse, RequestHandler, Router } from 'express';

const expressAuthenticationRecasted = expressAuthentication as (req: ExRequest, securityName: string, scopes?: string[], res?: ExResponse) => Promise<any>;


// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

const models: TsoaRoute.Models = {
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
    "Gs1BulkRowResultView": {
        "dataType": "refObject",
        "properties": {
            "row": {"dataType":"double","required":true},
            "gtin": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "code": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "status": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["created"]},{"dataType":"enum","enums":["updated"]},{"dataType":"enum","enums":["skipped"]},{"dataType":"enum","enums":["failed"]}],"required":true},
            "error": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "errorCode": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Gs1BulkResultView": {
        "dataType": "refObject",
        "properties": {
            "requested": {"dataType":"double","required":true},
            "created": {"dataType":"double","required":true},
            "updated": {"dataType":"double","required":true},
            "skipped": {"dataType":"double","required":true},
            "failed": {"dataType":"double","required":true},
            "results": {"dataType":"array","array":{"dataType":"refObject","ref":"Gs1BulkRowResultView"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Gs1LinksetEntryView": {
        "dataType": "refObject",
        "properties": {
            "linkType": {"dataType":"string"},
            "href": {"dataType":"string","required":true},
            "default": {"dataType":"boolean"},
            "title": {"dataType":"string"},
            "hreflang": {"dataType":"array","array":{"dataType":"string"}},
            "type": {"dataType":"string"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Gs1RecordWrite": {
        "dataType": "refObject",
        "properties": {
            "gtin": {"dataType":"string","required":true},
            "cpv": {"dataType":"string"},
            "batch": {"dataType":"string"},
            "serial": {"dataType":"string"},
            "expiry": {"dataType":"string"},
            "destination": {"dataType":"string"},
            "linkset": {"dataType":"array","array":{"dataType":"refObject","ref":"Gs1LinksetEntryView"}},
            "ai": {"dataType":"nestedObjectLiteral","nestedProperties":{},"additionalProperties":{"dataType":"string"}},
            "tags": {"dataType":"array","array":{"dataType":"string"}},
            "domain": {"dataType":"string"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Gs1BulkBody": {
        "dataType": "refObject",
        "properties": {
            "records": {"dataType":"array","array":{"dataType":"refObject","ref":"Gs1RecordWrite"},"required":true},
            "tags": {"dataType":"array","array":{"dataType":"string"}},
            "upsert": {"dataType":"boolean"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Gs1LinkView": {
        "dataType": "refObject",
        "properties": {
            "code": {"dataType":"string","required":true},
            "domain": {"dataType":"string","required":true},
            "uri": {"dataType":"string","required":true},
            "gtin": {"dataType":"string","required":true},
            "cpv": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "batch": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "serial": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "expiry": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "destination": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "linkset": {"dataType":"array","array":{"dataType":"refObject","ref":"Gs1LinksetEntryView"},"required":true},
            "ai": {"dataType":"nestedObjectLiteral","nestedProperties":{},"additionalProperties":{"dataType":"string"},"required":true},
            "tags": {"dataType":"array","array":{"dataType":"string"},"required":true},
            "createdAt": {"dataType":"string","required":true},
            "updatedAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Gs1LinkListView": {
        "dataType": "refObject",
        "properties": {
            "links": {"dataType":"array","array":{"dataType":"refObject","ref":"Gs1LinkView"},"required":true},
            "nextCursor": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Gs1ExportCreatedView": {
        "dataType": "refObject",
        "properties": {
            "jobId": {"dataType":"string","required":true},
            "name": {"dataType":"string","required":true},
            "status": {"dataType":"enum","enums":["pending"],"required":true},
            "createdAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Gs1ExportWriteView": {
        "dataType": "refObject",
        "properties": {
            "name": {"dataType":"string"},
            "query": {"dataType":"string"},
            "tags": {"dataType":"array","array":{"dataType":"string"}},
            "symbologies": {"dataType":"array","array":{"dataType":"union","subSchemas":[{"dataType":"enum","enums":["qr"]},{"dataType":"enum","enums":["dm"]}]}},
            "sizeMode": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["total"]},{"dataType":"enum","enums":["xdim"]}]},
            "sizeMm": {"dataType":"double"},
            "xdimMm": {"dataType":"double"},
            "ec": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["L"]},{"dataType":"enum","enums":["M"]},{"dataType":"enum","enums":["Q"]},{"dataType":"enum","enums":["H"]}]},
            "hri": {"dataType":"boolean"},
            "ean13": {"dataType":"boolean"},
            "formats": {"dataType":"array","array":{"dataType":"union","subSchemas":[{"dataType":"enum","enums":["svg"]},{"dataType":"enum","enums":["pdf"]},{"dataType":"enum","enums":["eps"]},{"dataType":"enum","enums":["ai"]}]}},
            "raster": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["none"]},{"dataType":"enum","enums":["png300"]},{"dataType":"enum","enums":["png600"]},{"dataType":"enum","enums":["tiff300"]},{"dataType":"enum","enums":["tiff600"]}]},
            "sheet": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["none"]},{"dataType":"enum","enums":["a4"]},{"dataType":"enum","enums":["avery-l7160"]},{"dataType":"enum","enums":["roll-100"]}]},
            "bleedMm": {"dataType":"double"},
            "marks": {"dataType":"boolean"},
            "ink": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["k100"]},{"dataType":"enum","enums":["spot"]}]},
            "spotName": {"dataType":"string"},
            "iccIntent": {"dataType":"string"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Gs1ExportSummaryView": {
        "dataType": "refObject",
        "properties": {
            "jobId": {"dataType":"string","required":true},
            "name": {"dataType":"string","required":true},
            "status": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["pending"]},{"dataType":"enum","enums":["rendering"]},{"dataType":"enum","enums":["ready"]},{"dataType":"enum","enums":["failed"]}],"required":true},
            "count": {"dataType":"union","subSchemas":[{"dataType":"double"},{"dataType":"enum","enums":[null]}],"required":true},
            "truncated": {"dataType":"boolean","required":true},
            "createdAt": {"dataType":"string","required":true},
            "finishedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Gs1ExportListView": {
        "dataType": "refObject",
        "properties": {
            "jobs": {"dataType":"array","array":{"dataType":"refObject","ref":"Gs1ExportSummaryView"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Gs1ExportView": {
        "dataType": "refObject",
        "properties": {
            "jobId": {"dataType":"string","required":true},
            "name": {"dataType":"string","required":true},
            "status": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["pending"]},{"dataType":"enum","enums":["rendering"]},{"dataType":"enum","enums":["ready"]},{"dataType":"enum","enums":["failed"]}],"required":true},
            "count": {"dataType":"union","subSchemas":[{"dataType":"double"},{"dataType":"enum","enums":[null]}],"required":true},
            "truncated": {"dataType":"boolean","required":true},
            "createdAt": {"dataType":"string","required":true},
            "finishedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "sizeBytes": {"dataType":"union","subSchemas":[{"dataType":"double"},{"dataType":"enum","enums":[null]}],"required":true},
            "error": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "options": {"ref":"Gs1ExportWriteView","required":true},
            "progress": {"dataType":"union","subSchemas":[{"dataType":"nestedObjectLiteral","nestedProperties":{"total":{"dataType":"double","required":true},"done":{"dataType":"double","required":true}}},{"dataType":"enum","enums":[null]}],"required":true},
            "downloadUrl": {"dataType":"string"},
            "urlExpiresIn": {"dataType":"double"},
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


    
        const argsGs1LinksController_bulkUpsert: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"Gs1BulkBody"},
                request: {"in":"request","name":"request","required":true,"dataType":"object"},
        };
        app.post('/v1/gs1/links/bulk',
            authenticateMiddleware([{"api_key":["gs1:write"]}]),
            ...(fetchMiddlewares<RequestHandler>(Gs1LinksController)),
            ...(fetchMiddlewares<RequestHandler>(Gs1LinksController.prototype.bulkUpsert)),

            async function Gs1LinksController_bulkUpsert(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsGs1LinksController_bulkUpsert, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<Gs1LinksController>(Gs1LinksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'bulkUpsert',
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
        const argsGs1LinksController_listLinks: Record<string, TsoaRoute.ParameterSchema> = {
                request: {"in":"request","name":"request","required":true,"dataType":"object"},
                query: {"in":"query","name":"query","dataType":"string"},
                tags: {"in":"query","name":"tags","dataType":"string"},
                cursor: {"in":"query","name":"cursor","dataType":"string"},
                limit: {"in":"query","name":"limit","dataType":"double"},
        };
        app.get('/v1/gs1/links',
            authenticateMiddleware([{"api_key":["gs1:read"]}]),
            ...(fetchMiddlewares<RequestHandler>(Gs1LinksController)),
            ...(fetchMiddlewares<RequestHandler>(Gs1LinksController.prototype.listLinks)),

            async function Gs1LinksController_listLinks(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsGs1LinksController_listLinks, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<Gs1LinksController>(Gs1LinksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listLinks',
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
        const argsGs1LinksController_getLink: Record<string, TsoaRoute.ParameterSchema> = {
                path: {"in":"path","name":"path","required":true,"dataType":"string"},
                request: {"in":"request","name":"request","required":true,"dataType":"object"},
                domain: {"in":"query","name":"domain","dataType":"string"},
        };
        app.get('/v1/gs1/links/:path',
            authenticateMiddleware([{"api_key":["gs1:read"]}]),
            ...(fetchMiddlewares<RequestHandler>(Gs1LinksController)),
            ...(fetchMiddlewares<RequestHandler>(Gs1LinksController.prototype.getLink)),

            async function Gs1LinksController_getLink(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsGs1LinksController_getLink, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<Gs1LinksController>(Gs1LinksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'getLink',
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
        const argsGs1LinksController_deleteLink: Record<string, TsoaRoute.ParameterSchema> = {
                path: {"in":"path","name":"path","required":true,"dataType":"string"},
                request: {"in":"request","name":"request","required":true,"dataType":"object"},
                domain: {"in":"query","name":"domain","dataType":"string"},
        };
        app.delete('/v1/gs1/links/:path',
            authenticateMiddleware([{"api_key":["gs1:write"]}]),
            ...(fetchMiddlewares<RequestHandler>(Gs1LinksController)),
            ...(fetchMiddlewares<RequestHandler>(Gs1LinksController.prototype.deleteLink)),

            async function Gs1LinksController_deleteLink(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsGs1LinksController_deleteLink, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<Gs1LinksController>(Gs1LinksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'deleteLink',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 204,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsGs1ExportsController_createExport: Record<string, TsoaRoute.ParameterSchema> = {
                request: {"in":"request","name":"request","required":true,"dataType":"object"},
                body: {"in":"body","name":"body","ref":"Gs1ExportWriteView"},
        };
        app.post('/v1/gs1/exports',
            authenticateMiddleware([{"api_key":["gs1:write"]}]),
            ...(fetchMiddlewares<RequestHandler>(Gs1ExportsController)),
            ...(fetchMiddlewares<RequestHandler>(Gs1ExportsController.prototype.createExport)),

            async function Gs1ExportsController_createExport(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsGs1ExportsController_createExport, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<Gs1ExportsController>(Gs1ExportsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'createExport',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 202,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsGs1ExportsController_listExports: Record<string, TsoaRoute.ParameterSchema> = {
                request: {"in":"request","name":"request","required":true,"dataType":"object"},
        };
        app.get('/v1/gs1/exports',
            authenticateMiddleware([{"api_key":["gs1:read"]}]),
            ...(fetchMiddlewares<RequestHandler>(Gs1ExportsController)),
            ...(fetchMiddlewares<RequestHandler>(Gs1ExportsController.prototype.listExports)),

            async function Gs1ExportsController_listExports(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsGs1ExportsController_listExports, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<Gs1ExportsController>(Gs1ExportsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listExports',
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
        const argsGs1ExportsController_getExport: Record<string, TsoaRoute.ParameterSchema> = {
                id: {"in":"path","name":"id","required":true,"dataType":"string"},
                request: {"in":"request","name":"request","required":true,"dataType":"object"},
        };
        app.get('/v1/gs1/exports/:id',
            authenticateMiddleware([{"api_key":["gs1:read"]}]),
            ...(fetchMiddlewares<RequestHandler>(Gs1ExportsController)),
            ...(fetchMiddlewares<RequestHandler>(Gs1ExportsController.prototype.getExport)),

            async function Gs1ExportsController_getExport(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsGs1ExportsController_getExport, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<Gs1ExportsController>(Gs1ExportsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'getExport',
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
        const argsGs1ExportsController_deleteExport: Record<string, TsoaRoute.ParameterSchema> = {
                id: {"in":"path","name":"id","required":true,"dataType":"string"},
                request: {"in":"request","name":"request","required":true,"dataType":"object"},
        };
        app.delete('/v1/gs1/exports/:id',
            authenticateMiddleware([{"api_key":["gs1:write"]}]),
            ...(fetchMiddlewares<RequestHandler>(Gs1ExportsController)),
            ...(fetchMiddlewares<RequestHandler>(Gs1ExportsController.prototype.deleteExport)),

            async function Gs1ExportsController_deleteExport(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsGs1ExportsController_deleteExport, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<Gs1ExportsController>(Gs1ExportsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'deleteExport',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 204,
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
