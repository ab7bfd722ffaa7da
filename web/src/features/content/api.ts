import { API_BASE, apiHeaders, request, type Envelope } from '../../shared/api/request';
import { ApiError } from '../../shared/api/errors';
import type { components } from '../../api/schema';
import type { PageResult } from '../../shared/crud/query';

/** Content-management calls (docs/content.md). */

type Schemas = components['schemas'];

export type DictType = Schemas['DictTypeData'];
export type DictTypeInput = Schemas['DictTypeBody'];
export type DictItem = Schemas['DictItemData'];
export type DictItemInput = Schemas['DictItemBody'];
export type BannerRow = Schemas['BannerData'];
export type BannerInput = Schemas['BannerBody'];
export type UploadedImage = Schemas['UploadedImageData'];
export type ArticleCategory = Schemas['ArticleCategoryData'];
export type ArticleCategoryInput = Schemas['ArticleCategoryBody'];
export type ArticleRow = Schemas['ArticleData'];
export type ArticleInput = Schemas['ArticleBody'];

type Body = Record<string, unknown>;

const post = <T,>(url: string, data?: object) => request<T>({ url, method: 'post', ...(data ? { data } : {}) });

export const dictionaryApi = {
  types: () => request<DictType[]>({ url: '/admin/dictionary/types' }),
  createType: (input: DictTypeInput) => post<Schemas['IdData']>('/admin/dictionary/type/create', input),
  updateType: (id: number, input: DictTypeInput) => post<unknown>('/admin/dictionary/type/update/{id}', { id, ...input }),
  removeType: (id: number) => post<unknown>('/admin/dictionary/type/delete/{id}', { id }),
  items: (typeId: number) => request<DictItem[]>({ url: '/admin/dictionary/items/{typeId}', data: { typeId } }),
  createItem: (typeId: number, input: DictItemInput) => post<Schemas['IdData']>('/admin/dictionary/item/create', { typeId, ...input }),
  updateItem: (id: number, input: DictItemInput) => post<unknown>('/admin/dictionary/item/update/{id}', { id, ...input }),
  removeItem: (id: number) => post<unknown>('/admin/dictionary/item/delete/{id}', { id }),
};

/**
 * Uploads an image (multipart field `file`) to `path`. The server's refusal (size, type) comes
 * back as an `ApiError` with its message and fields.
 */
async function uploadImage(path: string, file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  const reply = await fetch(`${API_BASE}${path}`, { method: 'POST', body, headers: apiHeaders() });
  const envelope = (await reply.json()) as Envelope<UploadedImage>;
  if (envelope.code !== 200) throw new ApiError('business', envelope.code, envelope.msg ?? String(envelope.code), envelope.data);
  return envelope.data;
}

export const bannerApi = {
  page: (body: Body) => post<PageResult<BannerRow>>('/admin/banner/page', body),
  create: (input: BannerInput) => post<Schemas['IdData']>('/admin/banner/create', input),
  update: (id: number, input: BannerInput) => post<unknown>('/admin/banner/update/{id}', { id, ...input }),
  remove: (id: number) => post<unknown>('/admin/banner/delete/{id}', { id }),
  upload: (file: File) => uploadImage('/admin/banner/image/upload', file),
  imagePath: (fileId: number) => `/admin/banner/image/${fileId}`,
};

export const articleApi = {
  categories: () => request<ArticleCategory[]>({ url: '/admin/article/category/list' }),
  createCategory: (input: ArticleCategoryInput) => post<Schemas['IdData']>('/admin/article/category/create', input),
  updateCategory: (id: number, input: ArticleCategoryInput) => post<unknown>('/admin/article/category/update/{id}', { id, ...input }),
  removeCategory: (id: number) => post<unknown>('/admin/article/category/delete/{id}', { id }),
  page: (body: Body) => post<PageResult<ArticleRow>>('/admin/article/page', body),
  view: (id: number) => request<ArticleRow>({ url: '/admin/article/view/{id}', data: { id } }),
  create: (input: ArticleInput) => post<Schemas['IdData']>('/admin/article/create', input),
  update: (id: number, input: ArticleInput) => post<unknown>('/admin/article/update/{id}', { id, ...input }),
  publish: (id: number) => post<unknown>('/admin/article/publish/{id}', { id }),
  unpublish: (id: number) => post<unknown>('/admin/article/unpublish/{id}', { id }),
  remove: (id: number) => post<unknown>('/admin/article/delete/{id}', { id }),
  upload: (file: File) => uploadImage('/admin/article/cover/upload', file),
  coverPath: (fileId: number) => `/admin/article/cover/${fileId}`,
};
