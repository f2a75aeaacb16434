import { readFileSync } from 'node:fs';
import { PUBLIC_OPENAPI_FILE, publicOpenApiText } from './public-openapi-file';

describe('the committed public OpenAPI document (api/openapi.json)', () => {
  it('is what the services generate, so clients built from it match the API', () => {
    const committed = readFileSync(PUBLIC_OPENAPI_FILE, 'utf8');
    // On failure: `npm run build && npm run openapi:write`, then commit api/openapi.json.
    expect(committed).toBe(publicOpenApiText());
  });
});
