import { gs1LinkState, shortLinkState, type Gs1LinkSource, type ShortLinkSource } from './link-state-builder';
import { LinkState } from './link-state';

const identity = {
  tenantId: 't_acme',
  domain: 'go.acme.test',
  createdAt: new Date('2030-01-02T03:04:05.000Z'),
  updatedAt: new Date('2030-02-03T04:05:06.000Z'),
};

const shortLink = (overrides: Partial<ShortLinkSource> = {}): ShortLinkSource => ({
  ...identity,
  code: 'spring',
  destination: 'https://shop.acme.test/spring',
  status: 'disabled',
  title: 'Spring campaign',
  tags: { campaign: 'spring' },
  expiresAt: new Date('2031-01-01T00:00:00.000Z'),
  notifyChannels: ['ch_1'],
  ...overrides,
});

const gs1Link = (overrides: Partial<Gs1LinkSource> = {}): Gs1LinkSource => ({
  ...identity,
  code: '01/09506000134352/10/AB1',
  gtin: '09506000134352',
  cpv: null,
  batch: 'AB1',
  serial: null,
  expiry: '301231',
  itemDescription: null,
  destination: 'https://acme.test/product',
  linkset: [],
  ai: { '3103': '000500' },
  tags: ['coffee'],
  ...overrides,
});

describe('the links.v1 state builder', () => {
  it('publishes a short link with every setting it has, instants as ISO strings', () => {
    const state = shortLinkState(shortLink(), 'e_1');
    expect(state).toEqual({
      version: 1,
      eventId: 'e_1',
      tenantId: 't_acme',
      domain: 'go.acme.test',
      code: 'spring',
      destination: 'https://shop.acme.test/spring',
      status: 'disabled',
      title: 'Spring campaign',
      tags: { campaign: 'spring' },
      expiresAt: '2031-01-01T00:00:00.000Z',
      notifyChannels: ['ch_1'],
      createdAt: '2030-01-02T03:04:05.000Z',
      updatedAt: '2030-02-03T04:05:06.000Z',
      kind: 'link',
    });
    expect(LinkState.parse(state)).toEqual(state);
    expect(shortLinkState(shortLink({ expiresAt: null }), 'e_2').expiresAt).toBeNull();
  });

  it('publishes a GS1 link as an active link with its GS1 part, absent parts left out', () => {
    const state = gs1LinkState(gs1Link(), 'e_1');
    expect(state).toEqual({
      version: 1,
      eventId: 'e_1',
      tenantId: 't_acme',
      domain: 'go.acme.test',
      code: '01/09506000134352/10/AB1',
      destination: 'https://acme.test/product',
      status: 'active',
      title: '',
      tags: {},
      expiresAt: null,
      notifyChannels: [],
      createdAt: '2030-01-02T03:04:05.000Z',
      updatedAt: '2030-02-03T04:05:06.000Z',
      kind: 'gs1',
      gs1: {
        gtin: '09506000134352',
        batch: 'AB1',
        expiry: '301231',
        linkset: [],
        ai: { '3103': '000500' },
        tags: ['coffee'],
      },
    });
    expect(LinkState.parse(state)).toEqual(state);
  });

  it("resolves a GS1 link to its linkset's default entry, else its destination, else nowhere", () => {
    const linkset: Gs1LinkSource['linkset'] = [
      { href: 'https://acme.test/recall', linkType: 'gs1:recallStatus', default: false },
      { href: 'https://acme.test/pip', linkType: 'gs1:pip', default: true },
    ];
    expect(gs1LinkState(gs1Link({ linkset }), 'e').destination).toBe('https://acme.test/pip');
    expect(gs1LinkState(gs1Link({ linkset: linkset.slice(0, 1) }), 'e').destination).toBe('https://acme.test/recall');
    expect(gs1LinkState(gs1Link({ destination: null }), 'e').destination).toBe('');
  });

  it('gives both kinds of the same link the same identity, so they key and order alike on links.v1', () => {
    const pick = ({ version, tenantId, domain, code, createdAt, updatedAt }: LinkState) => ({
      version,
      tenantId,
      domain,
      code,
      createdAt,
      updatedAt,
    });
    const short = shortLinkState(shortLink({ code: 'same' }), 'e');
    const gs1 = gs1LinkState(gs1Link({ code: 'same' }), 'e');
    expect(pick(short)).toEqual(pick(gs1));
    expect(Object.keys(short)).toEqual(Object.keys(gs1).filter((key) => key !== 'gs1'));
  });
});
