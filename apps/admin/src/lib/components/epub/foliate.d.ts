// foliate-js ships plain ES modules without types: what the EPUB reader uses of them.
declare module 'foliate-js/view.js' {
  export {};
}
declare module 'foliate-js/epub.js' {
  export interface EpubLoader {
    loadText(name: string): Promise<string | null>;
    loadBlob(name: string): Promise<Blob>;
    getSize(name: string): number;
  }
  export class EPUB {
    constructor(loader: EpubLoader);
    init(): Promise<EPUB>;
    transformTarget: EventTarget;
  }
}
