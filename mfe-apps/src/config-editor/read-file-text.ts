/** A chosen file's content as UTF-8 text (FileReader: also what jsdom offers, unlike Blob.text). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * The name a chosen file gets in the app: its path inside a chosen folder (the folder's own name
 * dropped: `myapp/config/nginx.conf` → `config/nginx.conf`), or its name when chosen alone.
 */
export function uploadedFilename(file: File): string {
  const relative = file.webkitRelativePath;
  if (!relative) return file.name;
  const slash = relative.indexOf('/');
  return slash >= 0 ? relative.slice(slash + 1) : relative;
}
