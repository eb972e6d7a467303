/**
 * A plain script as the browser gets it: without its `//` comment lines and indentation, which are for its readers
 * (src/boot/earlyInput.js, inline in a server-rendered page; public/boot.js, in the build by vite.config.ts). Neither
 * holds a multi-line string.
 */
export const withoutCommentLines = (source: string) =>
  source
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .map((line) => line.trim())
    .join('\n');
