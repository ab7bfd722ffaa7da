import { Image, Skeleton } from 'antd';
import { useBlobUrl } from '../../shared/api/useBlobUrl';

/**
 * An image served by a guarded route (banner images, article covers): fetched with the token
 * (an `<img>` cannot send the header) and shown from a blob URL; clicking previews it full size.
 */
export function AuthImage({ path, width, height, alt }: { path: string; width: number; height: number; alt: string }) {
  const url = useBlobUrl(path);
  if (!url) return <Skeleton.Image active style={{ width, height }} />;
  return <Image src={url} alt={alt} width={width} height={height} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}
