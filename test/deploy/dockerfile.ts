/**
 * The Dockerfile as plain data, for the tests that check it (container-recipe.test.ts) and the one
 * that replays its runtime stage without Docker (production-install.integration.test.ts). Parsed
 * by dockerfile-ast, the parser behind dockerfile-utils' validator.
 */
import { readFileSync } from 'node:fs';
import { DockerfileParser, ModifiableInstruction, PropertyInstruction } from 'dockerfile-ast';

export interface Instruction {
  keyword: string;
  /** `--name=value` flags (COPY --from, HEALTHCHECK --interval, …). */
  flags: Record<string, string | null>;
  /** The arguments after the flags, continuation lines joined. */
  content: string;
  /** The arguments split as the shell form splits them. */
  words: string[];
  /** The JSON array of an exec form (CMD, ENTRYPOINT, HEALTHCHECK CMD), or null for a shell form. */
  exec: string[] | null;
  /** ENV's and ARG's NAME=value pairs. */
  properties: Record<string, string | null>;
}

export interface Stage {
  name: string | null;
  /** The base image with the global ARG defaults substituted. */
  image: string;
  instructions: Instruction[];
}

export interface Recipe {
  text: string;
  /** The ARGs before the first FROM, with their defaults. */
  globalArgs: Record<string, string | null>;
  stages: Stage[];
}

function execForm(content: string): string[] | null {
  const json = content.replace(/^CMD\s+/, '');
  if (!json.startsWith('[')) return null;
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed) || !parsed.every((s) => typeof s === 'string'))
    throw new Error(`not an exec form: ${json}`);
  return parsed;
}

export function parseRecipe(text: string): Recipe {
  const dockerfile = DockerfileParser.parse(text);
  const globalArgs: Record<string, string | null> = {};
  for (const arg of dockerfile.getInitialARGs()) {
    const property = arg.getProperty();
    if (property) globalArgs[property.getName()] = property.getValue();
  }
  const substitute = (s: string) => s.replace(/\$\{?(\w+)\}?/g, (whole, name: string) => globalArgs[name] ?? whole);

  const stages: Stage[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    const keyword = instruction.getKeyword();
    const words = instruction.getArguments().map((a) => a.getValue());
    if (keyword === 'FROM') {
      const as = words.findIndex((w) => w.toUpperCase() === 'AS');
      stages.push({ name: as >= 0 ? words[as + 1]! : null, image: substitute(words[0] ?? ''), instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) continue; // a global ARG, read above
    const flags: Record<string, string | null> = {};
    if (instruction instanceof ModifiableInstruction) {
      for (const flag of instruction.getFlags()) flags[flag.getName()] = flag.getValue();
    }
    const properties: Record<string, string | null> = {};
    if (instruction instanceof PropertyInstruction) {
      for (const property of instruction.getProperties()) properties[property.getName()] = property.getUnescapedValue();
    }
    const content = instruction.getArgumentsContent() ?? '';
    const exec = ['CMD', 'ENTRYPOINT', 'HEALTHCHECK'].includes(keyword) ? execForm(content) : null;
    stage.instructions.push({ keyword, flags, content, words, exec, properties });
  }
  return { text, globalArgs, stages };
}

export function readRecipe(path = 'Dockerfile'): Recipe {
  return parseRecipe(readFileSync(path, 'utf8'));
}

/** The instructions of a stage with a keyword. */
export function instructionsOf(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((i) => i.keyword === keyword);
}

/** Paths a stage copies from the build context, each to the same place under its WORKDIR. */
function contextCopies(stage: Stage): string[] {
  const paths: string[] = [];
  for (const copy of instructionsOf(stage, 'COPY')) {
    if (copy.flags.from !== undefined) continue;
    const sources = copy.words.slice(0, -1);
    const destination = copy.words.at(-1)!;
    for (const source of sources) {
      const target = destination.endsWith('/') ? `${destination}${source.split('/').at(-1)}` : destination;
      if (target !== `./${source}`) throw new Error(`COPY ${copy.content}: expected each path copied to its own place`);
      paths.push(source);
    }
  }
  return paths;
}

/** What the build stage does besides installing: the paths it copies, its other RUN commands. */
export interface BuildSteps {
  name: string;
  contextPaths: string[];
  /** Shell commands (`/bin/sh -c`), in order. */
  commands: string[];
}

/** What the runtime stage does, as the production-install test replays it. */
export interface RuntimeSteps {
  workdir: string;
  /** Files copied from the build context (package.json, package-lock.json). */
  contextFiles: string[];
  /** Paths copied from the build stage, relative to its WORKDIR (dist/node), each to the same place. */
  builtPaths: string[];
  /** The `npm ci …` command of the install RUN, without what follows `&&`. */
  install: string[];
  env: Record<string, string>;
  cmd: string[];
  healthcheck: string[];
}

const workdirOf = (stage: Stage) => instructionsOf(stage, 'WORKDIR').at(-1)?.content;

/** The final stage read as the steps a host without Docker repeats. Throws on any other shape. */
export function runtimeSteps(recipe: Recipe): RuntimeSteps {
  const final = recipe.stages.at(-1)!;
  const workdir = workdirOf(final);
  if (!workdir) throw new Error('the runtime stage has no WORKDIR');
  const builtPaths: string[] = [];
  for (const copy of instructionsOf(final, 'COPY')) {
    const from = copy.flags.from;
    if (from === undefined) continue;
    const buildDir = workdirOf(recipe.stages.find((s) => s.name === from)!);
    for (const source of copy.words.slice(0, -1)) {
      const relative = source.startsWith(`${buildDir}/`) ? source.slice(`${buildDir}/`.length) : null;
      if (relative === null || copy.words.at(-1) !== `./${relative}`)
        throw new Error(`COPY --from=${from} ${copy.content}: expected ${buildDir}/PATH ./PATH`);
      builtPaths.push(relative);
    }
  }
  const installRun = instructionsOf(final, 'RUN').find((r) => r.content.startsWith('npm ci'));
  if (!installRun) throw new Error('the runtime stage does not run npm ci');
  const install = installRun.content.split('&&')[0]!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  for (const e of instructionsOf(final, 'ENV')) for (const [k, v] of Object.entries(e.properties)) env[k] = v ?? '';
  const cmd = instructionsOf(final, 'CMD').at(-1)?.exec;
  const healthcheck = instructionsOf(final, 'HEALTHCHECK').at(-1)?.exec;
  if (!cmd || !healthcheck) throw new Error('the runtime stage needs an exec-form CMD and HEALTHCHECK CMD');
  return { workdir, contextFiles: contextCopies(final), builtPaths, install, env, cmd, healthcheck };
}

/** The stage the runtime stage copies from, read as its copies and its commands after `npm ci`. */
export function buildSteps(recipe: Recipe): BuildSteps {
  const from = recipe.stages.at(-1)!.instructions.find((i) => i.flags.from !== undefined)?.flags.from;
  const stage = recipe.stages.find((s) => s.name === from);
  if (!stage || !from) throw new Error('the runtime stage copies from no named build stage');
  const commands = instructionsOf(stage, 'RUN')
    .map((r) => r.content)
    .filter((c) => !c.startsWith('npm ci'));
  return { name: from, contextPaths: contextCopies(stage), commands };
}
