/** Reloads the page (a separate module so that tests can observe it). */
export function reloadPage(): void {
  window.location.reload();
}
