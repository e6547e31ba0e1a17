/**
 * Globs over `/`-separated relative paths, as verify.json lists files: `*` matches within one
 * path segment, `?` one character of a segment, and `**` as a whole segment any number of
 * directories (`**` + `/*.v` matches `a.v` and `rtl/core/a.v`). Every other character is literal.
 * (node:path's `matchesGlob` is still experimental in Node 20 and warns when used.)
 */

export const isGlob = (pattern: string): boolean => /[*?]/.test(pattern);

const escapeLiteral = (text: string) => text.replace(/[.+^${}()|[\]\\]/g, '\\$&');

function segmentSource(segment: string): string {
  return [...segment]
    .map((character) => (character === '*' ? '[^/]*' : character === '?' ? '[^/]' : escapeLiteral(character)))
    .join('');
}

export function globToRegExp(glob: string): RegExp {
  const segments = glob.split('/');
  const source = segments
    .map((segment, index) => {
      const last = index === segments.length - 1;
      if (segment === '**') return last ? '.*' : '(?:[^/]+/)*';
      return segmentSource(segment) + (last ? '' : '/');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** The paths that `glob` matches, in the order given. */
export function matchGlob(paths: readonly string[], glob: string): string[] {
  const pattern = globToRegExp(glob);
  return paths.filter((path) => pattern.test(path));
}
