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
    /** The package's manifest and spine, as parsed: the loader reads each item's `mediaType` when it loads it. */
    resources: {
      manifest: { id: string; href: string; mediaType?: string }[];
      spine: { idref: string }[];
    };
  }
}
