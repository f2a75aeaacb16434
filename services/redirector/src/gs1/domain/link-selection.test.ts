import type { LinksetEntryInput } from '@waymark/gs1';
import { parsePreferences } from './accept-headers';
import { selectLink, type SelectionRequest } from './link-selection';

const pipEn: LinksetEntryInput = {
  linkType: 'gs1:pip',
  href: 'https://b.example/en',
  hreflang: ['en'],
  type: 'text/html',
  default: true,
};
const pipFr: LinksetEntryInput = {
  linkType: 'gs1:pip',
  href: 'https://b.example/fr',
  hreflang: ['fr'],
  type: 'text/html',
};
const pipAny: LinksetEntryInput = {
  linkType: 'gs1:pip',
  href: 'https://b.example/any',
  hreflang: ['und'],
  type: 'application/pdf',
};
const certA: LinksetEntryInput = {
  linkType: 'gs1:certificationInfo',
  href: 'https://b.example/cert-a',
  context: ['LK'],
};
const certB: LinksetEntryInput = {
  linkType: 'gs1:certificationInfo',
  href: 'https://b.example/cert-b',
  type: 'application/pdf',
};
const levels = [[pipEn, pipFr, pipAny, certA, certB]];
const ask = (request: Partial<SelectionRequest>, of = levels) =>
  selectLink(of, { linkType: undefined, acceptLanguage: undefined, accept: undefined, context: undefined, ...request });

describe('GS1 link selection', () => {
  it('goes to the default link when the request says nothing better', () => {
    expect(ask({})).toEqual({ kind: 'redirect', href: 'https://b.example/en' });
    expect(ask({ acceptLanguage: 'de' })).toEqual({ kind: 'redirect', href: 'https://b.example/any' });
  });

  it('matches Accept-Language against hreflang: exact tag, then the language alone, by quality', () => {
    expect(ask({ acceptLanguage: 'fr' })).toEqual({ kind: 'redirect', href: 'https://b.example/fr' });
    expect(ask({ acceptLanguage: 'fr-CH, en;q=0.5' })).toEqual({ kind: 'redirect', href: 'https://b.example/fr' });
    expect(ask({ acceptLanguage: 'de;q=0.9, en;q=0.8' })).toEqual({ kind: 'redirect', href: 'https://b.example/en' });
  });

  it('then matches Accept against the media type, and ?context= against context', () => {
    expect(ask({ accept: 'application/pdf' })).toEqual({ kind: 'redirect', href: 'https://b.example/any' });
    expect(ask({ linkType: 'gs1:certificationInfo', accept: 'application/pdf' })).toEqual({
      kind: 'redirect',
      href: 'https://b.example/cert-b',
    });
    expect(ask({ linkType: 'gs1:certificationInfo', context: 'lk' })).toEqual({
      kind: 'redirect',
      href: 'https://b.example/cert-a',
    });
  });

  it('answers multiple when several links of the requested type match equally and none is the default', () => {
    expect(ask({ linkType: 'gs1:certificationInfo' })).toEqual({ kind: 'multiple' });
    expect(ask({ linkType: 'https://ref.gs1.org/voc/pip', acceptLanguage: 'en' })).toEqual({
      kind: 'redirect',
      href: 'https://b.example/en',
    });
  });

  it('understands gs1:defaultLink and gs1:defaultLinkMulti', () => {
    expect(ask({ linkType: 'gs1:defaultLink', acceptLanguage: 'fr' })).toEqual({
      kind: 'redirect',
      href: 'https://b.example/en',
    });
    expect(ask({ linkType: 'gs1:defaultLinkMulti', acceptLanguage: 'fr' })).toEqual({
      kind: 'redirect',
      href: 'https://b.example/fr',
    });
  });

  it('looks for a link type from the nearest level up, and answers none when no level has it', () => {
    const batch = [{ linkType: 'gs1:recallStatus', href: 'https://b.example/recall', default: true }];
    expect(ask({ linkType: 'gs1:certificationInfo', context: 'LK' }, [batch, ...levels])).toEqual({
      kind: 'redirect',
      href: 'https://b.example/cert-a',
    });
    expect(ask({ linkType: 'gs1:epil' })).toEqual({ kind: 'none' });
    expect(ask({ linkType: 'gs1:notAType' })).toEqual({ kind: 'none' });
  });
});

describe('Accept and Accept-Language preferences', () => {
  it('orders by quality, keeps header order on ties and drops q=0', () => {
    expect(parsePreferences('en;q=0.5, fr-CH, de;q=0, it;q=0.5').map((p) => p.value)).toEqual(['fr-ch', 'en', 'it']);
    expect(parsePreferences(undefined)).toEqual([]);
  });
});
