/**
 * Password-protected DOCX/XLSX are not ZIPs: Office wraps the encrypted package in an OLE
 * compound file (CFB) holding an "EncryptionInfo" stream beside "EncryptedPackage".
 */

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Directory entry names in a compound file are UTF-16LE. */
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le');

/** True for an OLE compound file (legacy .doc/.xls, or an encrypted OOXML package). */
export function isCompoundFile(bytes: Uint8Array): boolean {
  if (bytes.length < CFB_SIGNATURE.length) return false;
  return CFB_SIGNATURE.every((byte, i) => bytes[i] === byte);
}

/** True for a password-protected OOXML document (a compound file with an EncryptionInfo stream). */
export function isEncryptedOffice(bytes: Uint8Array): boolean {
  if (!isCompoundFile(bytes)) return false;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(ENCRYPTION_INFO) >= 0;
}
