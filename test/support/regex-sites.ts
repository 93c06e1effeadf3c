/**
 * Every regular expression a TypeScript source builds, found on its syntax tree: regex literals,
 * `new RegExp(…)` and `RegExp(…)` with literal arguments, and string literals handed to `match`,
 * `matchAll` or `search` (which compile them). A constructor whose pattern or flags are not
 * literal cannot be checked statically: it is reported apart, with its call text.
 */
import ts from 'typescript';

export interface RegexSite {
  /** `file:line` of the expression. */
  location: string;
  source: string;
  flags: string;
  form: 'literal' | 'constructor' | 'string method';
}

export interface DynamicRegexSite {
  location: string;
  /** The call as written, e.g. `new RegExp(\`[${chars}]\`)`. */
  call: string;
}

export interface RegexScan {
  regexes: RegexSite[];
  dynamic: DynamicRegexSite[];
}

/** String methods that compile a string argument into a RegExp, and the flags they give it. */
const STRING_METHODS_COMPILING_A_PATTERN: ReadonlyMap<string, string> = new Map([
  ['match', ''],
  ['matchAll', 'g'],
  ['search', ''],
]);

/** The value of an expression that is a string written out in full, or undefined. */
function literalString(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (
    ts.isTaggedTemplateExpression(node) &&
    node.tag.getText() === 'String.raw' &&
    ts.isNoSubstitutionTemplateLiteral(node.template)
  )
    return node.template.rawText;
  if (ts.isParenthesizedExpression(node)) return literalString(node.expression);
  return undefined;
}

function splitRegexLiteral(text: string): { source: string; flags: string } {
  const lastSlash = text.lastIndexOf('/');
  return { source: text.slice(1, lastSlash), flags: text.slice(lastSlash + 1) };
}

function isRegExpConstructor(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return callee.text === 'RegExp';
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 'RegExp';
}

export function findRegexes(fileName: string, text: string): RegexScan {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const scan: RegexScan = { regexes: [], dynamic: [] };
  const locationOf = (node: ts.Node) =>
    `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;

  const visitConstructor = (node: ts.NewExpression | ts.CallExpression) => {
    const [patternArgument, flagsArgument] = node.arguments ?? [];
    if (patternArgument === undefined) return;
    const pattern = ts.isRegularExpressionLiteral(patternArgument)
      ? splitRegexLiteral(patternArgument.text)
      : { source: literalString(patternArgument), flags: '' };
    const flags = flagsArgument === undefined ? pattern.flags : literalString(flagsArgument);
    if (pattern.source === undefined || flags === undefined)
      scan.dynamic.push({ location: locationOf(node), call: node.getText(file) });
    else scan.regexes.push({ location: locationOf(node), source: pattern.source, flags, form: 'constructor' });
  };

  const visitStringMethod = (node: ts.CallExpression) => {
    if (!ts.isPropertyAccessExpression(node.expression)) return;
    const flags = STRING_METHODS_COMPILING_A_PATTERN.get(node.expression.name.text);
    const [argument] = node.arguments;
    const source = argument === undefined ? undefined : literalString(argument);
    if (flags !== undefined && source !== undefined)
      scan.regexes.push({ location: locationOf(node), source, flags, form: 'string method' });
  };

  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node))
      scan.regexes.push({ location: locationOf(node), ...splitRegexLiteral(node.text), form: 'literal' });
    else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && isRegExpConstructor(node.expression))
      visitConstructor(node);
    else if (ts.isCallExpression(node)) visitStringMethod(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return scan;
}
