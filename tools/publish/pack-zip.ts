// The pack as one zip for archiving (rr_publish's second output): its files in path order, every
// entry dated with the pack's one date, so the same pack gives the same bytes.
import JSZip from 'jszip';

/** The files as a zip whose bytes depend only on them and `date`. */
export async function packZip(
  files: ReadonlyMap<string, string | Buffer>,
  date: Date,
  folder: string,
): Promise<Buffer> {
  const zip = new JSZip();
  for (const name of [...files.keys()].sort())
    zip.file(`${folder}/${name}`, files.get(name)!, { date, createFolders: false });
  return zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
    platform: 'UNIX',
  });
}
