import { describe, expect, it } from '@jest/globals';
import { gs1RecordHref, linkHref, parseRoute } from './router';

describe('console routes', () => {
  it('opens the GS1 record the list links to, percent-encoded characters of its path included', () => {
    for (const code of ['01/09506000134352/10/A%2FB', '01/09506000134352/21/50%25OFF', '01/09506000134352/10/A1']) {
      expect(parseRoute(gs1RecordHref('localhost:8081', code))).toEqual({
        page: 'gs1-record',
        domain: 'localhost:8081',
        code,
      });
    }
  });

  it('opens the link the list links to', () => {
    expect(parseRoute(linkHref('go.acme.example', 'Ab3'))).toEqual({
      page: 'link',
      domain: 'go.acme.example',
      code: 'Ab3',
    });
  });
});
