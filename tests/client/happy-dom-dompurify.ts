/**
 * DOMPurify under happy-dom, for the component tests that render article HTML (ArticleHtml).
 * happy-dom departs from the DOM standard in two places DOMPurify relies on:
 * - Node.prototype's nodeName getter answers '' (each subclass overrides it), and DOMPurify reads
 *   nodeName through that getter to resist clobbering, so it would see no element it knows;
 * - its NodeIterator does not move its reference when the current node is removed, so after
 *   DOMPurify removes a node the walk skips what followed it.
 * Both are put right here as the standard says browsers do. The sanitiser's own behaviour is pinned
 * in real Chromium (sanitize-html.test.ts), not here: DOMPurify does not support happy-dom.
 */

const nodeName = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName');
if (nodeName?.get && nodeName.get.call(document.createElement('p')) === '') {
  const baseGet = nodeName.get;
  Object.defineProperty(Node.prototype, 'nodeName', {
    ...nodeName,
    get(this: Node): string {
      for (let proto = Object.getPrototypeOf(this) as object | null; proto && proto !== Node.prototype;) {
        const own = Object.getOwnPropertyDescriptor(proto, 'nodeName');
        if (own?.get) return own.get.call(this) as string;
        proto = Object.getPrototypeOf(proto) as object | null;
      }
      return baseGet.call(this) as string;
    },
  });
}

const SHOW_BY_TYPE: Record<number, number> = {
  [Node.ELEMENT_NODE]: NodeFilter.SHOW_ELEMENT,
  [Node.TEXT_NODE]: NodeFilter.SHOW_TEXT,
  [Node.CDATA_SECTION_NODE]: NodeFilter.SHOW_CDATA_SECTION,
  [Node.PROCESSING_INSTRUCTION_NODE]: NodeFilter.SHOW_PROCESSING_INSTRUCTION,
  [Node.COMMENT_NODE]: NodeFilter.SHOW_COMMENT,
  [Node.DOCUMENT_NODE]: NodeFilter.SHOW_DOCUMENT,
  [Node.DOCUMENT_FRAGMENT_NODE]: NodeFilter.SHOW_DOCUMENT_FRAGMENT,
};

function lastInclusiveDescendant(node: Node): Node {
  let last = node;
  while (last.lastChild) last = last.lastChild;
  return last;
}

/** Forward-only NodeIterator (what DOMPurify uses) that survives the removal of its current node. */
class StandardNodeIterator {
  private reference: Node;
  private pointerBeforeReference = true;
  // Where the reference sat when it was returned: the standard's "pre-removing steps" move the
  // reference there if it is taken out of the tree.
  private previousSibling: Node | null = null;
  private parent: Node | null = null;

  constructor(
    readonly root: Node,
    readonly whatToShow: number = NodeFilter.SHOW_ALL,
    readonly filter: NodeFilter | ((node: Node) => number) | null = null,
  ) {
    this.reference = root;
  }

  private inTree(node: Node | null): node is Node {
    return node !== null && (node === this.root || this.root.contains(node));
  }

  private accepts(node: Node): boolean {
    if (!(this.whatToShow & (SHOW_BY_TYPE[node.nodeType] ?? 0))) return false;
    if (this.filter === null) return true;
    const verdict = typeof this.filter === 'function' ? this.filter(node) : this.filter.acceptNode(node);
    return verdict === NodeFilter.FILTER_ACCEPT;
  }

  private following(node: Node): Node | null {
    if (node.firstChild) return node.firstChild;
    for (let at: Node | null = node; at && at !== this.root; at = at.parentNode) {
      if (at.nextSibling) return at.nextSibling;
    }
    return null;
  }

  nextNode(): Node | null {
    if (!this.inTree(this.reference)) {
      this.reference =
        this.inTree(this.previousSibling) && this.previousSibling.parentNode === this.parent
          ? lastInclusiveDescendant(this.previousSibling)
          : this.inTree(this.parent)
            ? this.parent
            : this.root;
      this.pointerBeforeReference = false;
    }
    let node: Node | null = this.reference;
    for (;;) {
      if (this.pointerBeforeReference) this.pointerBeforeReference = false;
      else node = this.following(node);
      if (node === null) return null;
      if (this.accepts(node)) break;
    }
    this.reference = node;
    this.previousSibling = node.previousSibling;
    this.parent = node.parentNode;
    return node;
  }

  previousNode(): Node | null {
    throw new Error('previousNode is not part of this test shim');
  }

  detach(): void {}
}

/** The prototype of `document` that holds a method (happy-dom builds its classes per window). */
function ownerOf(object: object, key: string): object | null {
  for (
    let proto = Object.getPrototypeOf(object) as object | null;
    proto;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    if (Object.hasOwn(proto, key)) return proto;
  }
  return null;
}

const iteratorOwner = ownerOf(document, 'createNodeIterator');
if (navigator.userAgent.includes('HappyDOM') && iteratorOwner) {
  Object.defineProperty(iteratorOwner, 'createNodeIterator', {
    configurable: true,
    writable: true,
    value: function createNodeIterator(root: Node, whatToShow?: number, filter?: NodeFilter | null): NodeIterator {
      return new StandardNodeIterator(root, whatToShow, filter ?? null) as unknown as NodeIterator;
    },
  });
}
