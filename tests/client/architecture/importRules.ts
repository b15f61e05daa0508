import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

/** One source file, by its path from the repository root (forward slashes). */
export interface SourceFile {
  path: string;
  source: string;
}

interface ImportEdge {
  /** The imported file's path from the repository root, or the bare package name. */
  target: string;
  /** Only types: gone at run time (still part of the design's dependency picture). */
  typeOnly: boolean;
  dynamic: boolean;
}

interface FileFacts {
  imports: ImportEdge[];
  /** Lines with `x.provide(...)` calls. */
  provideCalls: number[];
  /** Lines with `useParams(...)` calls (plain or on a route object). */
  paramReads: number[];
}

export type Node = { type?: string; start?: number; [key: string]: unknown };

export function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) return node.forEach((child) => walk(child, visit));
  if (!node || typeof node !== 'object') return;
  const candidate = node as Node;
  if (typeof candidate.type === 'string') visit(candidate);
  for (const value of Object.values(candidate)) if (value && typeof value === 'object') walk(value, visit);
}

export function lineOf(source: string, offset: number | undefined): number {
  return source.slice(0, offset ?? 0).split('\n').length;
}

function resolveSpecifier(from: string, specifier: string): string {
  return specifier.startsWith('.') ? relative('.', resolve(dirname(from), specifier)).split('\\').join('/') : specifier;
}

const calleeName = (callee: Node | undefined): string | undefined => {
  if (!callee) return undefined;
  if (callee.type === 'Identifier') return callee.name as string;
  if (callee.type === 'MemberExpression' && !callee.computed) return ((callee.property as Node).name as string) ?? undefined;
  return undefined;
};

/** What one file imports and calls, read from its syntax tree (no type checker needed). */
export function factsOf({ path, source }: SourceFile): FileFacts {
  const program = parseAst(source, { lang: path.endsWith('x') ? 'tsx' : 'ts', sourceType: 'module' }, path);
  const facts: FileFacts = { imports: [], provideCalls: [], paramReads: [] };
  walk(program, (node) => {
    const specifier = (node.source as Node | undefined)?.value;
    if ((node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && typeof specifier === 'string') {
      const kind = node.type === 'ImportDeclaration' ? node.importKind : node.exportKind;
      const specifiers = (node.specifiers as Node[] | undefined) ?? [];
      const typeOnly = kind === 'type' || (specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
      facts.imports.push({ target: resolveSpecifier(path, specifier), typeOnly, dynamic: false });
    }
    if (node.type === 'ImportExpression' && typeof specifier === 'string') {
      facts.imports.push({ target: resolveSpecifier(path, specifier), typeOnly: false, dynamic: true });
    }
    if (node.type === 'CallExpression') {
      const name = calleeName(node.callee as Node | undefined);
      if (name === 'provide' && (node.callee as Node).type === 'MemberExpression') facts.provideCalls.push(lineOf(source, node.start));
      if (name === 'useParams') facts.paramReads.push(lineOf(source, node.start));
    }
  });
  return facts;
}

/** Every .ts/.tsx file under the given folders. */
export function readSources(root: string, folders: string[]): SourceFile[] {
  const files: SourceFile[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push({ path, source: readFileSync(join(root, path), 'utf8') });
    }
  };
  folders.forEach(visit);
  return files;
}

const views = ['src/screens/', 'src/components/', 'src/navigation/', 'src/routes/'];
const outsideWorld = ['src/api/', 'src/services/'];
const isView = (path: string) => views.some((folder) => path.startsWith(folder));

/**
 * The rules that keep views to rendering and sending (docs/architecture.md): a view never
 * provides a machine's implementations, never imports a value from the API client or the
 * services, and a screen or component never reads route params (the routes parse them).
 */
export function viewRuleBreaks(files: SourceFile[]): string[] {
  const breaks: string[] = [];
  for (const file of files.filter((f) => isView(f.path))) {
    const facts = factsOf(file);
    for (const line of facts.provideCalls) breaks.push(`${file.path}:${line} provides a machine's implementations`);
    for (const edge of facts.imports) {
      if (!edge.typeOnly && outsideWorld.some((folder) => edge.target.startsWith(folder))) breaks.push(`${file.path} imports a value from ${edge.target}`);
    }
    if (!file.path.startsWith('src/routes/')) for (const line of facts.paramReads) breaks.push(`${file.path}:${line} reads route params`);
  }
  return breaks;
}

/** What screens and shared components may use to navigate: the navigation folder, never the route tables. */
const belowTheRoutes = ['src/screens/', 'src/components/', 'src/navigation/'];

/**
 * Screens, components and the navigation folder never import anything under `src/routes/`
 * (types included): the routes name the screens, and the shell that renders the stacked
 * navigator lives beside the route table. Links and page context come from `src/navigation/`.
 */
export function routeImportBreaks(files: SourceFile[]): string[] {
  const breaks: string[] = [];
  for (const file of files.filter((f) => belowTheRoutes.some((folder) => f.path.startsWith(folder)))) {
    for (const edge of factsOf(file).imports) if (edge.target.startsWith('src/routes/')) breaks.push(`${file.path} imports ${edge.target}`);
  }
  return breaks;
}

/** What a machine may import: other machines, the shared kernel and xstate (docs/architecture.md). */
const machineMayImport = (target: string) => target === 'xstate' || ['machines/', 'domain/', 'contract/'].some((folder) => target.startsWith(folder));

/**
 * Machines import only `machines/`, `domain/`, `contract/` and xstate (types included): the rules
 * they apply live in the kernel, never in the app's `src/`, so a machine runs and is tested
 * without the app around it.
 */
export function machineImportBreaks(files: SourceFile[]): string[] {
  const breaks: string[] = [];
  for (const file of files.filter((f) => f.path.startsWith('machines/'))) {
    for (const edge of factsOf(file).imports) if (!machineMayImport(edge.target)) breaks.push(`${file.path} imports ${edge.target}`);
  }
  return breaks;
}

/** The repository's own folders outside the contract. */
const besideTheContract = ['domain/', 'src/', 'machines/', 'server/'];

/**
 * `contract/` imports nothing of the repository but itself (types included): the API's shapes
 * depend on no rule, so `domain/` may use the contract and never the other way round.
 */
export function contractImportBreaks(files: SourceFile[]): string[] {
  const breaks: string[] = [];
  for (const file of files.filter((f) => f.path.startsWith('contract/'))) {
    for (const edge of factsOf(file).imports) if (besideTheContract.some((folder) => edge.target.startsWith(folder))) breaks.push(`${file.path} imports ${edge.target}`);
  }
  return breaks;
}

/**
 * Import circles among the given files, each as the list of files around it. Type imports
 * count: a circle through a type still ties two parts of the design together.
 */
export function importCircles(files: SourceFile[]): string[][] {
  const known = new Set(files.map((f) => f.path));
  const edges = new Map(files.map((f) => [f.path, [...new Set(factsOf(f).imports.map((i) => i.target).filter((t) => known.has(t)))]]));
  const circles: string[][] = [];
  // Tarjan's strongly connected components: every component of more than one file (or a file importing itself) is a circle.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const connect = (path: string) => {
    order.set(path, index);
    low.set(path, index);
    index += 1;
    stack.push(path);
    onStack.add(path);
    for (const next of edges.get(path) ?? []) {
      if (!order.has(next)) {
        connect(next);
        low.set(path, Math.min(low.get(path)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(path, Math.min(low.get(path)!, order.get(next)!));
    }
    if (low.get(path) !== order.get(path)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== path);
    if (component.length > 1 || edges.get(path)!.includes(path)) circles.push(component.sort());
  };
  for (const path of known) if (!order.has(path)) connect(path);
  return circles;
}
