import { parseAst } from 'rolldown/parseAst';
import { lineOf, walk, type Node, type SourceFile } from './importRules.ts';

const isEvent = (node: Node | undefined) => node?.type === 'Identifier' && node.name === 'event';
const isEventField = (node: Node | undefined) => node?.type === 'MemberExpression' && isEvent(node.object as Node);

/**
 * Where a machine narrows an event by hand instead of reading it through `params` or
 * `assertEvent` (docs/architecture.md, rule 5): `event.type === 'x'`, `'field' in event`,
 * `event as X`.
 */
export function eventNarrowings(files: SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files.filter((f) => f.path.startsWith('machines/'))) {
    const program = parseAst(file.source, { lang: file.path.endsWith('x') ? 'tsx' : 'ts', sourceType: 'module' }, file.path);
    walk(program, (node) => {
      const at = `${file.path}:${lineOf(file.source, node.start)}`;
      if (node.type === 'BinaryExpression') {
        const { operator, left, right } = node as { operator: string; left: Node; right: Node };
        const comparesType = (side: Node) => isEventField(side) && (side.property as Node).name === 'type';
        if (['===', '!==', '==', '!='].includes(operator) && (comparesType(left) || comparesType(right))) found.push(`${at} compares event.type`);
        if (operator === 'in' && isEvent(right)) found.push(`${at} tests a field with 'in event'`);
      }
      const cast = node.expression as Node | undefined;
      if ((node.type === 'TSAsExpression' || node.type === 'TSTypeAssertion') && (isEvent(cast) || isEventField(cast))) found.push(`${at} casts the event`);
    });
  }
  return found;
}
