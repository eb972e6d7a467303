import { beforeBodyEnd } from './html.ts';

/**
 * A server-rendered page loads its JavaScript after its first paint: the module script and its preload links move
 * from <head> into <template id="app-scripts">, and public/boot.js adds them to the page once the browser reports the
 * first contentful paint. The HTML and CSS paint without sharing the connection with about 130 kB of scripts, which
 * are only needed to hydrate.
 */
export function deferScripts(html: string): string {
  const moved: string[] = [];
  const rest = html.replace(/\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g, (tag: string) => {
    moved.push(tag.trim());
    return '';
  });
  return beforeBodyEnd(rest, `<template id="app-scripts">${moved.join('')}</template>`);
}
