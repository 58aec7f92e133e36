import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The DTO is the shape (docs/ARCHITECTURE.md, issue 28): every handler of every controller declares its return
 * type and documents its success answer, so the OpenAPI document, and the web types generated from it, describe
 * every answer. A JSON answer names its DTO in the decorator, and the declared return type is that DTO; a file
 * (@Res) or a 204 says what it is instead.
 */
const ROOT = process.cwd();
const HTTP = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete']);
const SUCCESS = new Set(['ApiOkResponse', 'ApiCreatedResponse', 'ApiAcceptedResponse', 'ApiNoContentResponse']);

function controllers(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? controllers(p) : e.name.endsWith('.controller.ts') ? [p] : [];
  });
}

interface Handler {
  where: string;
  returnType: string | null;
  success: { name: string; type: string | null }[];
  writesResponse: boolean;
}

function decoratorCalls(node: ts.HasDecorators): ts.CallExpression[] {
  return (ts.getDecorators(node) ?? []).map((d) => d.expression).filter(ts.isCallExpression);
}

/** `type: FooDto` or `type: [FooDto]` of a response decorator, as the class name. */
function typeOption(call: ts.CallExpression): string | null {
  const arg = call.arguments[0];
  if (!arg || !ts.isObjectLiteralExpression(arg)) return null;
  for (const p of arg.properties) {
    if (!ts.isPropertyAssignment(p) || p.name.getText() !== 'type') continue;
    const v = p.initializer;
    return ts.isArrayLiteralExpression(v) ? (v.elements[0]?.getText() ?? null) : v.getText();
  }
  return null;
}

/** A 2xx of the generic @ApiResponse({ status }) counts as a success decorator too. */
function isSuccess(call: ts.CallExpression): boolean {
  const name = call.expression.getText();
  if (SUCCESS.has(name)) return true;
  if (name !== 'ApiResponse') return false;
  const arg = call.arguments[0];
  const status =
    arg && ts.isObjectLiteralExpression(arg)
      ? arg.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'status',
        )
      : undefined;
  return Boolean(status && /^2\d\d$/.test(status.initializer.getText()));
}

export function handlersOf(file: string, text: string): Handler[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Handler[] = [];
  for (const cls of source.statements.filter(ts.isClassDeclaration)) {
    for (const m of cls.members) {
      if (!ts.isMethodDeclaration(m)) continue;
      const calls = decoratorCalls(m);
      if (!calls.some((c) => HTTP.has(c.expression.getText()))) continue;
      const writesResponse = m.parameters.some((p) =>
        decoratorCalls(p).some((c) => c.expression.getText() === 'Res' && !/passthrough:\s*true/.test(c.getText())),
      );
      found.push({
        where: `${path.relative(ROOT, file)} ${cls.name?.text ?? '?'}.${m.name.getText()}`,
        returnType: m.type ? m.type.getText() : null,
        success: calls.filter(isSuccess).map((c) => ({ name: c.expression.getText(), type: typeOption(c) })),
        writesResponse,
      });
    }
  }
  return found;
}

/** What is wrong with a handler, if anything. */
export function problems(h: Handler): string[] {
  const out: string[] = [];
  if (!h.returnType) out.push(`${h.where}: no declared return type`);
  if (!h.success.length)
    out.push(`${h.where}: no @ApiOkResponse / @ApiCreatedResponse / @ApiAcceptedResponse / @ApiNoContentResponse`);
  for (const s of h.success) {
    if (s.name === 'ApiNoContentResponse' || h.writesResponse) continue;
    if (!s.type) out.push(`${h.where}: @${s.name} names no DTO type`);
    else if (h.returnType && !new RegExp(`\\b${s.type}\\b`).test(h.returnType))
      out.push(`${h.where}: returns ${h.returnType}, but @${s.name} documents ${s.type}`);
  }
  return out;
}

describe('controller handlers', () => {
  const handlers = controllers(path.join(ROOT, 'api/src')).flatMap((f) => handlersOf(f, readFileSync(f, 'utf8')));

  it('finds the handlers', () => {
    expect(handlers.length).toBeGreaterThan(100);
  });

  it('each declares its return type and documents its success answer with its DTO', () => {
    expect(handlers.flatMap(problems)).toEqual([]);
  });

  it('catches a handler without either', () => {
    const text = `@Controller('x') class XController {
      @Get() a() { return this.s.a(); }
      @Get('b') @ApiOkResponse({ type: BDto }) b(): Promise<OtherDto> { return this.s.b(); }
      @Post('c') @HttpCode(204) @ApiNoContentResponse() async c(): Promise<void> {}
      @Get('d') @ApiOkResponse({ description: 'PDF' }) async d(@Res() res: Response): Promise<void> {}
      @Get('e') @ApiOkResponse({ type: [EDto] }) e(): Promise<EDto[]> { return this.s.e(); }
    }`;
    const found = handlersOf(path.join(ROOT, 'api/src/x.controller.ts'), text).flatMap(problems);
    expect(found).toEqual([
      'api/src/x.controller.ts XController.a: no declared return type',
      'api/src/x.controller.ts XController.a: no @ApiOkResponse / @ApiCreatedResponse / @ApiAcceptedResponse / @ApiNoContentResponse',
      'api/src/x.controller.ts XController.b: returns Promise<OtherDto>, but @ApiOkResponse documents BDto',
    ]);
  });
});
