/**
 * The files a server-rendered page loads at the visitor's first intent (the home page's address autocomplete), named in
 * its inert `<template id="intent-assets">` (server/web/routeAssets.ts), added to the page a few per task by
 * public/boot.js. Importing the module afterwards, Vite's preload helper finds them all requested and adds nothing: in
 * one task it added about 25 links, 100–135 ms on a phone slowed 4× (issue 37, the longest task after a tab tap).
 * Resolves once they are all in and their stylesheets loaded; at once on a page without the template (one the app
 * rendered itself) or once they have been added.
 */
type AddTags = (tags: ArrayLike<Element>, done: () => void) => void;

let added: Promise<void> | null = null;

export function intentAssetsAdded(): Promise<void> {
  return (added ??= new Promise((resolve) => {
    const template = document.getElementById('intent-assets');
    const addTags = (globalThis as { __cabflowAddTags?: AddTags }).__cabflowAddTags;
    if (!(template instanceof HTMLTemplateElement) || !addTags) return resolve();
    template.remove();
    addTags(template.content.querySelectorAll('link'), resolve);
  }));
}
