import { GS1_VOC, LINKSET_JSONLD_CONTEXT } from '@waymark/gs1';

/**
 * The resolver description document served at `/.well-known/gs1resolver` (GS1-Conformant Resolver standard):
 * who resolves, from which root, which primary keys and link-type namespace, and the JSON-LD context of its
 * linksets. Only GTINs (AI 01) have records; other keys are understood and answer 404.
 */
export function resolverDescription(resolverRoot: string, name: string): Record<string, unknown> {
  return {
    name,
    resolverRoot,
    supportedLinkType: [{ namespace: GS1_VOC, prefix: 'gs1:' }],
    supportedPrimaryKeys: ['01'],
    linkTypeDefaultCanBeLinkset: true,
    linkTypeDefaultCanBeAll: true,
    validatingResolver: true,
    jsonLdContextLocation: LINKSET_JSONLD_CONTEXT,
  };
}
