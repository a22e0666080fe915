/** A work order as the gateway hands it over: its key and the CID field the work domain keeps. */
export interface WorkOrderCid {
  id: number;
  ipfsDocumentCid?: string | null;
}

/** A project as the gateway hands it over: its key and the CID field the work domain keeps. */
export interface ProjectCid {
  id: number;
  ipfsMetadataCid?: string | null;
}
