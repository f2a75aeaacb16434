import { z } from 'zod';
import { ConfigError } from '@waymark/config';
import { serviceConfig } from './service-config';

const schema = z.object({ PORT: z.coerce.number().int().default(8080), MAIL_DIR: z.string().optional() });
const requireMailDir = (config: z.output<typeof schema>) => {
  if (!config.MAIL_DIR) throw new ConfigError('demo', [{ variable: 'MAIL_DIR', reason: 'is required here' }]);
};
const { loadConfig, loadProductionConfig } = serviceConfig(
  'demo',
  schema,
  { DATABASE_URL: z.string().min(1) },
  requireMailDir,
);

describe('a service config', () => {
  it('reads the service’s own variables without the connections, and with them for production', () => {
    expect(loadConfig({ PORT: '81', MAIL_DIR: '/tmp/mail' })).toEqual({ PORT: 81, MAIL_DIR: '/tmp/mail' });
    expect(loadProductionConfig({ MAIL_DIR: '/m', DATABASE_URL: 'postgres://db/x' })).toEqual({
      PORT: 8080,
      MAIL_DIR: '/m',
      DATABASE_URL: 'postgres://db/x',
    });
  });

  it('names every bad variable, the production connections included', () => {
    expect(() => loadProductionConfig({ PORT: 'eighty', MAIL_DIR: '/m' })).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/) }),
    );
  });

  it('applies the rules across variables in both loaders', () => {
    expect(() => loadConfig({})).toThrow('MAIL_DIR');
    expect(() => loadProductionConfig({ DATABASE_URL: 'postgres://db/x' })).toThrow('MAIL_DIR');
  });
});
