import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core (the npm package, injected into the page) and returns its violations. It is evaluated through the
 * browser's debugging protocol, which the console's CSP does not govern: an inline script tag would be refused.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
}
