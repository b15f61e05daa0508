// jsdom ships no types (and @types/jsdom is not installed): the part the server tests use to parse a page.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: { document: Document };
  }
}
