import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

/** SPKI bytes of a certificate's public key (import them as ECDH, not via `publicKey.export()`). */
export function certificateSpki(certificatePem: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(new x509.X509Certificate(certificatePem).publicKey.rawData);
}
