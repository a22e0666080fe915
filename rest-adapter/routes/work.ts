import { pick, renameKeys, type RestRequest, type RestService } from "../route-table.js";

const PROJECT = `id name description status clientId ipfsMetadataCid startDate endDate
  requestedBy: requestedById approvedBy: approvedById approvalStatus approvalDate rejectionReason createdAt updatedAt`;
const TASK = `id projectId title description status assigneeId dueDate completedAt priority estimatedHours actualHours
  createdAt updatedAt`;
const WORK_ORDER = `id projectId title description orderNumber ipfsDocumentCid createdBy: createdById createdAt updatedAt`;

const PROJECT_INPUT = ["name", "description", "status", "clientId", "ipfsMetadataCid", "startDate", "endDate"];
const TASK_CREATE = ["projectId", "title", "description", "status", "assigneeId", "dueDate", "priority", "estimatedHours"];
const TASK_UPDATE = [...TASK_CREATE, "actualHours"];
const WORK_ORDER_CREATE = ["projectId", "title", "orderNumber", "description", "ipfsDocumentCid", "createdBy"];
const WORK_ORDER_UPDATE = ["title", "description", "orderNumber", "ipfsDocumentCid"];

const byId = ({ params }: RestRequest) => ({ id: params.id });
/** `?project_id=` as given: the graph says whether it is a valid id. */
const projectFilter = ({ query }: RestRequest) => (query.project_id === undefined ? {} : { projectId: query.project_id });
const PROJECT_FILTER_FIELD = { projectId: "project_id" };

/** The work management service: `/api/work/...` and, on WORK_PORT, `/...`. */
export default {
  name: "work",
  prefix: "/api/work",
  directPort: { variable: "WORK_PORT", port: 8083 },
  routes: [
    { method: "GET", path: "/projects", operation: `query { projects { ${PROJECT} } }`, body: (d) => d.projects },
    {
      method: "POST",
      path: "/projects",
      operation: `mutation($input: ProjectInput!) { createProject(input: $input) { ${PROJECT} } }`,
      variables: ({ body }) => ({ input: pick(body, PROJECT_INPUT) }),
      body: (d) => d.createProject,
      status: 201,
    },
    { method: "GET", path: "/projects/pending", operation: `query { pendingProjects { ${PROJECT} } }`, body: (d) => d.pendingProjects },
    {
      method: "POST",
      path: "/projects/approve/:id",
      operation: `mutation($id: ID!, $action: String!, $reason: String) {
        reviewProject(id: $id, action: $action, reason: $reason) { message project { ${PROJECT} } } }`,
      variables: ({ params, body }) => ({ id: params.id, ...pick(body, ["action", "reason"]) }),
      body: (d) => d.reviewProject,
    },
    { method: "GET", path: "/projects/:id", operation: `query($id: ID!) { project(id: $id) { ${PROJECT} } }`, variables: byId, body: (d) => d.project },
    {
      method: "PUT",
      path: "/projects/:id",
      operation: `mutation($id: ID!, $input: ProjectInput!) { updateProject(id: $id, input: $input) { ${PROJECT} } }`,
      variables: ({ params, body }) => ({ id: params.id, input: pick(body, PROJECT_INPUT) }),
      body: (d) => d.updateProject,
    },
    { method: "DELETE", path: "/projects/:id", operation: `mutation($id: ID!) { deleteProject(id: $id) { id } }`, variables: byId, status: 204 },
    { method: "GET", path: "/project-requests", operation: `query { projectRequests { ${PROJECT} } }`, body: (d) => d.projectRequests },
    {
      method: "POST",
      path: "/project-requests",
      operation: `mutation($input: ProjectRequestInput!) { createProjectRequest(input: $input) { ${PROJECT} } }`,
      variables: ({ body }) => ({ input: pick(body, ["name", "description"]) }),
      body: (d) => d.createProjectRequest,
      status: 201,
    },
    {
      method: "GET",
      path: "/project-requests/:id",
      operation: `query($id: ID!) { projectRequest(id: $id) { ${PROJECT} } }`,
      variables: byId,
      body: (d) => d.projectRequest,
    },
    {
      method: "DELETE",
      path: "/project-requests/:id",
      operation: `mutation($id: ID!) { cancelProjectRequest(id: $id) { id } }`,
      variables: byId,
      status: 204,
    },
    {
      method: "GET",
      path: "/tasks",
      operation: `query($projectId: ID) { tasks(projectId: $projectId) { ${TASK} } }`,
      variables: projectFilter,
      body: (d) => d.tasks,
      errorFields: PROJECT_FILTER_FIELD,
    },
    {
      method: "POST",
      path: "/tasks",
      operation: `mutation($input: TaskInput!) { createTask(input: $input) { ${TASK} } }`,
      variables: ({ body }) => ({ input: pick(body, TASK_CREATE) }),
      body: (d) => d.createTask,
      status: 201,
    },
    { method: "GET", path: "/tasks/:id", operation: `query($id: ID!) { task(id: $id) { ${TASK} } }`, variables: byId, body: (d) => d.task },
    {
      method: "PUT",
      path: "/tasks/:id",
      operation: `mutation($id: ID!, $input: TaskInput!) { updateTask(id: $id, input: $input) { ${TASK} } }`,
      variables: ({ params, body }) => ({ id: params.id, input: pick(body, TASK_UPDATE) }),
      body: (d) => d.updateTask,
    },
    { method: "DELETE", path: "/tasks/:id", operation: `mutation($id: ID!) { deleteTask(id: $id) { id } }`, variables: byId, status: 204 },
    {
      method: "GET",
      path: "/workorders",
      operation: `query($projectId: ID) { workOrders(projectId: $projectId) { ${WORK_ORDER} } }`,
      variables: projectFilter,
      body: (d) => d.workOrders,
      errorFields: PROJECT_FILTER_FIELD,
    },
    {
      method: "POST",
      path: "/workorders",
      operation: `mutation($input: WorkOrderInput!) { createWorkOrder(input: $input) { ${WORK_ORDER} } }`,
      variables: ({ body }) => ({ input: renameKeys(pick(body, WORK_ORDER_CREATE), { createdBy: "createdById" }) }),
      body: (d) => d.createWorkOrder,
      status: 201,
      errorFields: { createdById: "createdBy" },
    },
    {
      method: "GET",
      path: "/workorders/:id",
      operation: `query($id: ID!) { workOrder(id: $id) { ${WORK_ORDER} } }`,
      variables: byId,
      body: (d) => d.workOrder,
    },
    {
      method: "PUT",
      path: "/workorders/:id",
      operation: `mutation($id: ID!, $input: WorkOrderInput!) { updateWorkOrder(id: $id, input: $input) { ${WORK_ORDER} } }`,
      variables: ({ params, body }) => ({ id: params.id, input: pick(body, WORK_ORDER_UPDATE) }),
      body: (d) => d.updateWorkOrder,
    },
    {
      method: "DELETE",
      path: "/workorders/:id",
      operation: `mutation($id: ID!) { deleteWorkOrder(id: $id) { id } }`,
      variables: byId,
      status: 204,
    },
  ],
} satisfies RestService;
