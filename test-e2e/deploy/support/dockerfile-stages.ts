import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './service-catalog';

export interface DockerfileStage {
  name: string;
  /** The image or earlier stage it starts from. */
  from: string;
  /** Its instructions after FROM, continuation lines joined, comments dropped. */
  instructions: string[];
}

/** The stages of the repository's Dockerfile, in order. */
export function dockerfileStages(): DockerfileStage[] {
  const text = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const stages: DockerfileStage[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) stages.push({ from: from[1]!, name: from[2] ?? String(stages.length), instructions: [] });
    else stages.at(-1)?.instructions.push(line);
  }
  return stages;
}

export function stageNamed(name: string): DockerfileStage {
  const found = dockerfileStages().find((stage) => stage.name === name);
  if (!found) throw new Error(`the Dockerfile has no stage named ${name}`);
  return found;
}

/**
 * The gateway image: its nginx base and where it holds the console, checked to be the output of the console's own
 * build (the `console` stage runs it in /app; the gateway stage copies its dist/ from there).
 */
export function gatewayImage(): { base: string; consoleRoot: string } {
  const gateway = stageNamed('gateway');
  const copyFromConsole = /^COPY --from=console \/app\/apps\/console\/dist (\S+)$/;
  const copy = gateway.instructions.map((i) => copyFromConsole.exec(i)).find(Boolean);
  if (!copy) throw new Error('the gateway stage does not copy /app/apps/console/dist from the console stage');
  const consoleStage = stageNamed('console');
  if (!consoleStage.instructions.includes('RUN npm run build -w @waymark/console')) {
    throw new Error('the console stage does not run the console build');
  }
  return { base: gateway.from, consoleRoot: copy[1]! };
}
