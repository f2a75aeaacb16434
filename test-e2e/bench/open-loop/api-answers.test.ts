import { LatencyRecorder } from '../latency-recorder';
import { apiAnswerLine, countApiAnswers, failuresOf } from './api-answers';

describe('API answers under overload', () => {
  it('counts answered, shed (503 with Retry-After) and failed calls per API route class, redirects aside', () => {
    const recorder = new LatencyRecorder();
    recorder.record('redirect', 2, 'ok', 0);
    recorder.record('api POST link', 30, 'ok', 1);
    recorder.record('api POST link', 1, '503', 2);
    recorder.record('api POST link', 1, '503', 3);
    recorder.record('api POST link', 10_000, 'HeadersTimeoutError', 4);
    recorder.record('api POST link', 5, '503 no Retry-After', 5);
    recorder.record('api GET link', 4, '502', 6);
    recorder.record('api GET link', 4, 'ok', 7);

    const answers = countApiAnswers(recorder);
    expect(answers.map((a) => a.routeClass)).toEqual(['api POST link', 'api GET link']);
    const [post, get] = answers;
    expect(post).toMatchObject({ ok: 1, shed: 2 });
    expect(Object.fromEntries(post!.failures)).toEqual({ HeadersTimeoutError: 1, '503 no Retry-After': 1 });
    expect(failuresOf(post!)).toBe(2);
    expect(get).toMatchObject({ ok: 1, shed: 0 });
    expect(failuresOf(get!)).toBe(1);
    expect(apiAnswerLine(get!)).toMatch(/1 answered .* 0 shed .* 1 failed \(502 x1\)/);
  });
});
