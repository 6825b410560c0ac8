import type { CliContext } from '../cli-context.js';
import { EXIT } from '../exit-codes.js';
import type { FileReport } from '../file-reports.js';
import { printable } from '../printable.js';

/** `toolsteps validate`: checks every file and reports every problem of each, then exits 0 or 2. */
export async function validateCommand(
  files: string[],
  options: { json?: boolean; accounts?: string },
  cli: CliContext,
): Promise<number> {
  const vault = options.accounts ? await cli.openVault(options.accounts) : undefined;
  const engine = await cli.engine(vault);
  const reports: FileReport[] = [];
  for (const file of files) {
    // Accounts are checked only against a given accounts file: without one, a run uses emulators.
    const checked = await engine.validate(file, { accounts: vault !== undefined });
    reports.push({ file, diagnostics: checked.ok ? [] : checked.diagnostics });
  }
  if (reports.some((report) => report.diagnostics.length > 0))
    return reportInvalid(reports, options.json ?? false, cli);
  if (options.json)
    cli.output.json({
      valid: true,
      files: reports.map(({ file }) => ({ file, valid: true, diagnostics: [] })),
    });
  else for (const { file } of reports) cli.output.line(`${printable(file)}: valid`);
  return EXIT.ok;
}

/** Prints problems as `file:line:column  message  (pointer)`, the shape editors and CI logs link. */
export function reportInvalid(reports: FileReport[], json: boolean, cli: CliContext): number {
  if (json) {
    cli.output.json({
      valid: false,
      files: reports.map((r) => ({
        file: r.file,
        valid: r.diagnostics.length === 0,
        diagnostics: r.diagnostics,
      })),
    });
    return EXIT.invalid;
  }
  const colors = cli.output.colors();
  // A message quotes the file (a step id, a key): one line each, whatever it holds.
  for (const { file: name, diagnostics } of reports) {
    const file = printable(name);
    if (diagnostics.length === 0) {
      cli.output.line(`${file}: valid`);
      continue;
    }
    cli.output.error(
      colors.red(`${file}: ${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'}`),
    );
    for (const d of diagnostics) {
      const pointer = d.pointer ? colors.dim(`  (${printable(d.pointer)})`) : '';
      cli.output.error(`  ${file}:${d.line}:${d.column}  ${printable(d.message)}${pointer}`);
      if (d.hint) cli.output.error(colors.dim(`    ${printable(d.hint)}`));
    }
  }
  return EXIT.invalid;
}
