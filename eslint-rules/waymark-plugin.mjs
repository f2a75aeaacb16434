import path from 'node:path';
import { importPath, importsOf, resolveImport, sourceFiles } from './import-graph.mjs';
import { isPortsFile, locate } from './service-layout.mjs';

// Import rules that need to know where an import lands, not only how it is spelled: layers and features inside a
// service, and cycles. Tested by packages/testkit/test/lint-boundaries.test.ts.

/** Calls `check(node, resolvedFile)` for every relative import, re-export and dynamic import of the file. */
function eachImport(context, check) {
  const visit = (node) => {
    const source = node.source;
    if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
    const target = resolveImport(context.filename, source.value);
    if (target) check(source, target);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const perService = { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } };
const kernelOption = {
  type: 'object',
  properties: { sharedKernel: perService, knownCrossings: perService },
  additionalProperties: false,
};
const kernelOf = (context) => context.options[0]?.sharedKernel ?? {};
const crossingsOf = (context) => context.options[0]?.knownCrossings ?? {};
const shown = (file) => path.relative(process.cwd(), file);

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'no two files import each other, directly or through others' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const current = { file, imports: importsOf(file, context.sourceCode.text) };
    return eachImport(context, (node, target) => {
      const chain = importPath(target, file, current);
      if (chain) {
        const cycle = [file, ...chain].map(shown).join(' -> ');
        context.report({ node, message: `import cycle: ${cycle}` });
      }
    });
  },
};

const serviceLayers = {
  meta: {
    type: 'problem',
    docs: { description: "a service's features never import its http/ or its composition root" },
    schema: [kernelOption],
  },
  create(context) {
    const from = locate(context.filename, kernelOf(context));
    if (!from || (from.kind !== 'feature' && from.kind !== 'kernel')) return {};
    return eachImport(context, (node, target) => {
      const to = locate(target, kernelOf(context));
      if (!to || to.srcDir !== from.srcDir) return;
      if (to.kind === 'http') {
        context.report({
          node,
          message: `features never import http/ (${to.relative}): the composition root (service.ts) wires controllers`,
        });
      } else if (to.kind === 'root' && to.relative !== 'config.ts') {
        context.report({
          node,
          message: `features never import the composition root (${to.relative}): take what you need as a parameter`,
        });
      }
    });
  },
};

const featureBoundary = {
  meta: {
    type: 'problem',
    docs: { description: 'a feature reaches another only through its app/<feature>-ports.ts or the shared kernel' },
    schema: [kernelOption],
  },
  create(context) {
    const kernel = kernelOf(context);
    const from = locate(context.filename, kernel);
    if (!from || (from.kind !== 'feature' && from.kind !== 'kernel')) return {};
    const known = new Set(crossingsOf(context)[from.service] ?? []);
    return eachImport(context, (node, target) => {
      const to = locate(target, kernel);
      if (!to || to.srcDir !== from.srcDir || to.kind !== 'feature' || to.feature === from.feature) return;
      // A kernel file listed in place may use its own feature's domain; a kernel folder uses no feature at all.
      if (from.kind === 'kernel' && to.relative.startsWith(`${from.relative.split('/')[0]}/domain/`)) return;
      if (from.kind === 'kernel') {
        context.report({ node, message: `the shared kernel imports no feature (${to.relative}): it sits below them` });
        return;
      }
      if (isPortsFile(to) || known.has(`${from.relative} -> ${to.relative}`)) return;
      context.report({
        node,
        message:
          `feature ${from.feature}/ reaches into ${to.relative}: features meet only through app/<feature>-ports.ts ` +
          'or a file of the shared kernel (eslint.config.mjs)',
      });
    });
  },
};

/** Feature -> features it imports, over the service's production files, with the linted file's imports from its text. */
function featureGraph(srcDir, kernel, current) {
  const graph = new Map();
  for (const file of new Set([...sourceFiles(srcDir), current.file])) {
    const from = locate(file, kernel);
    if (from?.kind !== 'feature') continue;
    const imports = file === current.file ? current.imports : importsOf(file);
    for (const target of imports) {
      const to = locate(target, kernel);
      if (to?.kind !== 'feature' || to.srcDir !== srcDir || to.feature === from.feature) continue;
      if (!graph.has(from.feature)) graph.set(from.feature, new Set());
      graph.get(from.feature).add(to.feature);
    }
  }
  return graph;
}

function featurePath(graph, start, target) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const feature = queue.shift();
    if (feature === target) {
      const chain = [];
      for (let at = feature; at !== undefined; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of graph.get(feature) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, feature);
        queue.push(next);
      }
    }
  }
  return undefined;
}

const noFeatureCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'no two features of a service depend on each other, directly or through others' },
    schema: [kernelOption],
  },
  create(context) {
    const kernel = kernelOf(context);
    const from = locate(context.filename, kernel);
    if (!from || from.kind !== 'feature') return {};
    const current = { file: context.filename, imports: importsOf(context.filename, context.sourceCode.text) };
    let graph;
    return eachImport(context, (node, target) => {
      const to = locate(target, kernel);
      if (!to || to.srcDir !== from.srcDir || to.kind !== 'feature' || to.feature === from.feature) return;
      graph ??= featureGraph(from.srcDir, kernel, current);
      const chain = featurePath(graph, to.feature, from.feature);
      if (chain) {
        context.report({ node, message: `feature cycle: ${[from.feature, ...chain].join(' -> ')}` });
      }
    });
  },
};

export default {
  meta: { name: 'waymark' },
  rules: {
    'no-import-cycle': noImportCycle,
    'service-layers': serviceLayers,
    'feature-boundary': featureBoundary,
    'no-feature-cycle': noFeatureCycle,
  },
};
