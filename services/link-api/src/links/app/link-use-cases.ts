import { bulkCreateLinks } from './bulk-create-links';
import { createLink } from './create-link';
import { deleteLink } from './delete-link';
import { getLink } from './get-link';
import type { LinkDeps } from './link-ports';
import { listLinks } from './list-links';
import { updateLink } from './update-link';

/** Every link use case, built once from its ports; controllers receive this object. */
export function linkUseCases(deps: LinkDeps) {
  return {
    create: createLink(deps),
    bulkCreate: bulkCreateLinks(deps),
    get: getLink(deps),
    list: listLinks(deps),
    update: updateLink(deps),
    remove: deleteLink(deps),
  };
}

export type LinkUseCases = ReturnType<typeof linkUseCases>;
