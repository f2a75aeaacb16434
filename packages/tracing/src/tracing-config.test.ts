import { ConfigError } from '@waymark/config';
import { loadTracingConfig, tracesUrl } from './index';

describe('tracing configuration', () => {
  it('is off without an endpoint and records every new trace by default', () => {
    expect(loadTracingConfig({}, 'redirector')).toEqual({ OTEL_TRACES_SAMPLER_ARG: 1 });
  });

  it('reads the endpoint and the sampling ratio', () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_SAMPLER_ARG: '0.05' };
    const config = loadTracingConfig(env, 'redirector');
    expect(config).toEqual({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_SAMPLER_ARG: 0.05 });
  });

  it('refuses a bad endpoint and a ratio outside 0..1, naming both', () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318', OTEL_TRACES_SAMPLER_ARG: '2' };
    const load = () => loadTracingConfig(env, 'redirector');
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT: must use one of the protocols: http, https/);
    expect(load).toThrow(/OTEL_TRACES_SAMPLER_ARG: must be a ratio between 0 and 1/);
  });

  it('sends spans to the traces path of the endpoint', () => {
    expect(tracesUrl('http://collector:4318')).toBe('http://collector:4318/v1/traces');
    expect(tracesUrl('http://collector:4318/otlp/')).toBe('http://collector:4318/otlp/v1/traces');
  });
});
