// Downloaded episodes and e-books, answered from their own caches (offline-and-audio.md §1). To be built.
export function registerDownloadRoutes(): void {
  // the downloads helper fills this in
}
