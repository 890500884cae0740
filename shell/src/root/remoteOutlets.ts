const outlets = new Map<string, HTMLElement>();

/**
 * The DOM element a remote mounts into. It lives as long as the page; the shell attaches it
 * where the remote belongs (the chrome's main area, or the bare public page), so single-spa
 * can mount before or after React places it.
 */
export function outletElement(remoteId: string): HTMLElement {
  let element = outlets.get(remoteId);
  if (!element) {
    element = document.createElement('div');
    element.className = 'tb-remote-outlet';
    element.dataset.remote = remoteId;
    outlets.set(remoteId, element);
  }
  return element;
}
