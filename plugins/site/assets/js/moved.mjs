// Moved anchors: an old link to a section that became a page of its own goes on to that page.

/** Rulings were sections of rulings/ (`#ruling-<slug>`) and now have pages of their own; the list on
 *  rulings/ keeps each old id on its link to the ruling's page (a.nc-moved). An old link goes on there. */
export function followMovedAnchor() {
  if (location.hash.length < 2) return;
  let target;
  try {
    target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  } catch {
    return; // a malformed escape in the address: nothing to follow
  }
  if (target && target.matches("a.nc-moved[href]")) location.replace(target.href);
}
