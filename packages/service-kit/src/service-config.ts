import type { z } from 'zod';
import { parseConfig, type Env } from '@waymark/config';

/**
 * A service's two config loaders: `loadConfig` for its own settings (the embedded mode passes adapters instead of
 * connections) and `loadProductionConfig`, which adds the connection variables its `main.ts` needs. Both throw
 * ConfigError naming every bad variable; `check` applies rules across variables after parsing (it throws).
 */
export function serviceConfig<Shape extends z.ZodRawShape, Extra extends z.ZodRawShape>(
  service: string,
  schema: z.ZodObject<Shape>,
  production: Extra,
  check: (config: z.output<z.ZodObject<Shape>>) => unknown = () => undefined,
) {
  const productionSchema = schema.extend(production);
  return {
    loadConfig(source: Env = process.env): z.output<z.ZodObject<Shape>> {
      const config = parseConfig(schema, source, { service });
      check(config);
      return config;
    },
    loadProductionConfig(source: Env = process.env): z.output<typeof productionSchema> {
      const config = parseConfig(productionSchema, source, { service });
      // The production schema extends the service's own, so its output has every field `check` reads.
      check(config as unknown as z.output<z.ZodObject<Shape>>);
      return config;
    },
  };
}
