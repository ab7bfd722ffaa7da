// Types of check-imports.mjs, for its test (tools/check-imports.test.ts).
export interface ImportViolation {
  file: string;
  line: number;
  spec: string;
  target: string;
  rule: string;
}
export interface SourceFile {
  path: string;
  text: string;
}
export const ALIASES: Record<string, string>;
export function stripComments(text: string): string;
export function scanImports(text: string): { spec: string; line: number }[];
export function resolveSpecifier(file: string, spec: string, aliases?: Record<string, string>): string | null;
export function areaOf(path: string): string | null;
export function ruleBroken(from: string | null, to: string | null): string | null;
export function findViolations(files: readonly SourceFile[], aliases?: Record<string, string>): ImportViolation[];
export function listSources(root: string, dir: string): string[];
export function aliasesOf(root: string): Record<string, string>;
export function checkTree(root: string, log?: (line: string) => void): number;
