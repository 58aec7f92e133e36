import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The web app's request and answer types are the generated ones (web/src/lib/api-types.ts, from the API's DTOs),
 * never a hand-written copy that drifts. Every JSON call goes through the typed helpers (apiGet, apiSend,
 * apiUpload of lib/api-client.ts; donorGet, donorSend of the donor's session), whose type arguments name the
 * answer and the body: each must be built from names imported from api-types.ts (void for an answer without
 * body). fetch and .json() live only in those two client files; a raw request elsewhere is a file download.
 */
const ROOT = process.cwd();
const WEB = path.join(ROOT, 'web/src');
const API_TYPES = 'web/src/lib/api-types.ts';
const CLIENTS = new Set(['web/src/lib/api-client.ts', 'web/src/features/my-giving/api/donor-session.ts']);
/** Raw requests whose answer is a file (a Blob saved to disk), not JSON. */
const FILE_DOWNLOADS = new Set(['web/src/lib/download.ts', 'web/src/features/my-giving/api/download-statement.ts']);
const RAW = new Set(['apiRequest', 'donorRequest']);
/** Helper -> whether it may send a body (its second type argument then names it). */
const HELPERS: Record<string, boolean> = {
  apiGet: false,
  apiUpload: false,
  donorGet: false,
  apiSend: true,
  donorSend: true,
};

function webFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? webFiles(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The names a file imports from api-types.ts. */
function apiTypeNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const s of source.statements) {
    if (!ts.isImportDeclaration(s) || !/\/api-types$/.test((s.moduleSpecifier as ts.StringLiteral).text)) continue;
    const bindings = s.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) names.add(e.name.text);
  }
  return names;
}

/** Whether a type argument is made only of api-types names (arrays, unions, indexed access of them). */
function fromApiTypes(node: ts.TypeNode, names: Set<string>, allowVoid: boolean): boolean {
  if (ts.isParenthesizedTypeNode(node)) return fromApiTypes(node.type, names, allowVoid);
  if (ts.isArrayTypeNode(node)) return fromApiTypes(node.elementType, names, false);
  if (ts.isUnionTypeNode(node))
    return node.types.every(
      (t) =>
        fromApiTypes(t, names, allowVoid) || (ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword),
    );
  if (ts.isIndexedAccessTypeNode(node)) return fromApiTypes(node.objectType, names, false);
  if (ts.isTypeReferenceNode(node)) {
    let name: ts.EntityName = node.typeName;
    while (ts.isQualifiedName(name)) name = name.left;
    return names.has(name.text);
  }
  return allowVoid && node.kind === ts.SyntaxKind.VoidKeyword;
}

function calleeName(call: ts.CallExpression): string | null {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return `.${e.name.text}`;
  return null;
}

export function apiCallProblems(rel: string, text: string): string[] {
  const source = ts.createSourceFile(
    rel,
    text,
    ts.ScriptTarget.Latest,
    true,
    rel.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const names = apiTypeNames(source);
  const out: string[] = [];
  const at = (n: ts.Node) => `${rel}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const name = calleeName(n);
      if ((name === 'fetch' || name === '.json') && !CLIENTS.has(rel))
        out.push(
          `${at(n)}: ${name === 'fetch' ? 'fetch()' : '.json()'} outside the API clients: use apiGet/apiSend (or donorGet/donorSend) with api-types.ts types`,
        );
      if (name && RAW.has(name) && !CLIENTS.has(rel) && !FILE_DOWNLOADS.has(rel))
        out.push(
          `${at(n)}: ${name}() answers an untyped Response: use apiGet/apiSend (or donorGet/donorSend) with api-types.ts types`,
        );
      if (name && name in HELPERS && !CLIENTS.has(rel)) {
        const [answer, body] = n.typeArguments ?? [];
        if (!answer || !fromApiTypes(answer, names, true))
          out.push(`${at(n)}: ${name}'s answer type ${answer ? answer.getText() : '(none)'} is not from api-types.ts`);
        if (HELPERS[name] && n.arguments.length >= 3 && (!body || !fromApiTypes(body, names, false)))
          out.push(`${at(n)}: ${name}'s body type ${body ? body.getText() : '(none)'} is not from api-types.ts`);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  // A hand-written wire shape: a type named like a DTO or an answer declared outside the generated file.
  for (const s of source.statements) {
    if ((ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && /(Dto|Response|Payload)$/.test(s.name.text)) {
      out.push(`${at(s)}: ${s.name.text} is declared by hand: use the api-types.ts type`);
    }
  }
  return out;
}

describe('web API calls use the generated types', () => {
  const files = webFiles(WEB)
    .map((f) => path.relative(ROOT, f).split(path.sep).join('/'))
    .filter((f) => f !== API_TYPES);

  it('finds the calls it checks', () => {
    const calls = files.map(
      (f) => (readFileSync(f, 'utf8').match(/\b(apiGet|apiSend|apiUpload|donorGet|donorSend)</g) ?? []).length,
    );
    expect(calls.reduce((a, b) => a + b, 0)).toBeGreaterThan(60);
  });

  it('every request and answer type comes from api-types.ts', () => {
    expect(files.flatMap((f) => apiCallProblems(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('names the file and the call that does not', () => {
    const text = [
      "import type { FooDto, BarDto } from '../../../lib/api-types';",
      'export interface ThingResponse { id: string }',
      "const a = () => apiGet<FooDto[]>('/api/a');",
      "const b = () => apiGet<{ id: string }>('/api/b');",
      "const c = () => apiSend<FooDto>('POST', '/api/c', { x: 1 });",
      "const d = () => apiSend<void, BarDto>('POST', '/api/d', { x: 1 });",
      "const e = async () => (await fetch('/api/e')).json();",
      "const f = () => apiRequest('DELETE', '/api/f');",
    ].join('\n');
    expect(apiCallProblems('web/src/features/x/api/x.ts', text)).toEqual([
      "web/src/features/x/api/x.ts:4: apiGet's answer type { id: string } is not from api-types.ts",
      "web/src/features/x/api/x.ts:5: apiSend's body type (none) is not from api-types.ts",
      'web/src/features/x/api/x.ts:7: .json() outside the API clients: use apiGet/apiSend (or donorGet/donorSend) with api-types.ts types',
      'web/src/features/x/api/x.ts:7: fetch() outside the API clients: use apiGet/apiSend (or donorGet/donorSend) with api-types.ts types',
      'web/src/features/x/api/x.ts:8: apiRequest() answers an untyped Response: use apiGet/apiSend (or donorGet/donorSend) with api-types.ts types',
      'web/src/features/x/api/x.ts:2: ThingResponse is declared by hand: use the api-types.ts type',
    ]);
  });
});
