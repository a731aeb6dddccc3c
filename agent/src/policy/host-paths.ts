import { realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a host path really leads: symlinks of its longest existing part resolved (a container that
 * may write into the app's folder could plant `./data -> /`), the missing rest appended (compose
 * creates missing bind sources as folders).
 */
export function realHostPath(hostPath: string): string {
  let existing = path.resolve(hostPath);
  const missing: string[] = [];
  for (;;) {
    try {
      return path.join(realpathSync.native(existing), ...missing);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return path.join(existing, ...missing);
      missing.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

export function isInside(candidate: string, root: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith('/') ? root : `${root}/`);
}

/** Sockets that control the container engine: mounting one (or a folder holding one) is root. */
export function engineSockets(dockerSocket: string): string[] {
  const sockets = [
    dockerSocket,
    '/var/run/docker.sock',
    '/run/docker.sock',
    '/run/containerd/containerd.sock',
  ];
  return [...new Set(sockets.map(realHostPath))];
}
