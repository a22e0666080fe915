import type { RestRequest, RestServicePart } from "../route-table.js";
import { DESIGN_SUMMARY, seconds, summaryBody, type Json } from "../helpers/design-bodies.js";
import { integerParam, textParam } from "../helpers/design-requests.js";

const FOLDER = `id name createdAt updatedAt`;
const ITEM = `__typename
  ... on FolderItemFolder { folder { ${FOLDER} } }
  ... on FolderItemDesign { design { ${DESIGN_SUMMARY} } }
  ... on FolderItemImage { image { id name tags createdAt updatedAt thumbnail { width height url } } }`;

/** The documented Folder: snake_case, Unix-second timestamps. */
function folderBody(folder: Json): Json {
  return { id: folder.id, name: folder.name, created_at: seconds(folder.createdAt), updated_at: seconds(folder.updatedAt) };
}

/** The documented AssetSummary of an image (no member for an absent thumbnail). */
function imageBody(image: Json): Json {
  return {
    type: "image",
    id: image.id,
    name: image.name,
    tags: image.tags,
    created_at: seconds(image.createdAt),
    updated_at: seconds(image.updatedAt),
    ...(image.thumbnail ? { thumbnail: image.thumbnail } : {}),
  };
}

/** The documented FolderItemSummary: `{ type, <type>: summary }`. */
function itemBody(item: Json): Json {
  if (item.__typename === "FolderItemFolder") return { type: "folder", folder: folderBody(item.folder as Json) };
  if (item.__typename === "FolderItemDesign") return { type: "design", design: summaryBody(item.design as Json) };
  return { type: "image", image: imageBody(item.image as Json) };
}

/** `item_types=design,folder` (one comma-separated parameter, as documented). */
function itemTypes(request: RestRequest): string[] | undefined {
  return textParam(request, "item_types")?.split(",");
}

/** The operations' own codes: a missing folder or parent, a missing item to move, a full destination. */
const FOLDER_CODES = { NOT_FOUND: "folder_not_found", "NOT_FOUND:item": "not_found", FOLDER_FULL: "quota_exceeded" };

/** Folders of the design platform (`{ folder }`, `{ items, continuation }`, 204), with `{ code, message }` errors. */
export default {
  name: "design",
  routes: [
    {
      method: "POST",
      path: "/folders",
      errorCodes: FOLDER_CODES,
      operation: `mutation($name: String!, $parentFolderId: ID!) { createFolder(name: $name, parentFolderId: $parentFolderId) { ${FOLDER} } }`,
      variables: ({ body }) => ({ name: body.name, parentFolderId: body.parent_folder_id }),
      body: (d) => ({ folder: folderBody(d.createFolder as Json) }),
    },
    {
      method: "POST",
      path: "/folders/move",
      errorCodes: FOLDER_CODES,
      operation: `mutation($itemId: ID!, $toFolderId: ID!) { moveFolderItem(itemId: $itemId, toFolderId: $toFolderId) }`,
      variables: ({ body }) => ({ itemId: body.item_id, toFolderId: body.to_folder_id }),
      status: 204,
    },
    {
      method: "GET",
      path: "/folders/:folderId",
      errorCodes: FOLDER_CODES,
      operation: `query($id: ID!) { folder(id: $id) { ${FOLDER} } }`,
      variables: ({ params }) => ({ id: params.folderId }),
      body: (d) => ({ folder: folderBody(d.folder as Json) }),
    },
    {
      method: "PATCH",
      path: "/folders/:folderId",
      errorCodes: FOLDER_CODES,
      operation: `mutation($id: ID!, $name: String!) { updateFolder(id: $id, name: $name) { ${FOLDER} } }`,
      variables: ({ params, body }) => ({ id: params.folderId, name: body.name }),
      body: (d) => ({ folder: folderBody(d.updateFolder as Json) }),
    },
    {
      method: "DELETE",
      path: "/folders/:folderId",
      errorCodes: FOLDER_CODES,
      operation: `mutation($id: ID!) { deleteFolder(id: $id) }`,
      variables: ({ params }) => ({ id: params.folderId }),
      status: 204,
    },
    {
      method: "GET",
      path: "/folders/:folderId/items",
      errorCodes: FOLDER_CODES,
      operation: `query($folderId: ID!, $itemTypes: [FolderItemType!], $sortBy: FolderItemSortBy, $pinStatus: FolderItemPinStatus, $limit: Int, $continuation: String) {
        folderItems(folderId: $folderId, itemTypes: $itemTypes, sortBy: $sortBy, pinStatus: $pinStatus, limit: $limit, continuation: $continuation) { items { ${ITEM} } continuation } }`,
      variables: (request) => ({
        folderId: request.params.folderId,
        itemTypes: itemTypes(request),
        sortBy: textParam(request, "sort_by"),
        pinStatus: textParam(request, "pin_status"),
        limit: integerParam(request, "limit"),
        continuation: textParam(request, "continuation"),
      }),
      body: (d) => {
        const list = d.folderItems as { items: Json[]; continuation: string | null };
        return { items: list.items.map(itemBody), ...(list.continuation ? { continuation: list.continuation } : {}) };
      },
    },
  ],
} satisfies RestServicePart;
