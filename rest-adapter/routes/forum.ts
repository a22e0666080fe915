import { pick, type RestRequest, type RestService } from "../route-table.js";

const QUESTION = `id title content authorId author { name } tags upvotes downvotes answerCount viewCount acceptedAnswerId status
  createdAt updatedAt`;
const ANSWER = `id questionId content authorId author { name } upvotes downvotes isAccepted isVerified verifiedBy: verifiedById verifiedAt
  createdAt updatedAt`;
const QUESTION_INPUT = ["title", "content", "tags"];

type Row = Record<string, unknown> & { author?: { name: string } | null };
type Data = Record<string, any>;

/** The documented shape: `authorName` (the author's name in accounts) right after `authorId`. */
function withAuthorName({ author, ...row }: Row): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    named[key] = value;
    if (key === "authorId") named.authorName = author?.name ?? null;
  }
  return named;
}

const SORTS: Record<string, string> = { newest: "NEWEST", votes: "VOTES", unanswered: "UNANSWERED" };

/** A whole number as a number; anything else as given, for the graph to refuse with the field's name. */
function integer(value: unknown): unknown {
  return typeof value === "string" && /^-?\d{1,9}$/.test(value) ? Number(value) : value;
}

function listFilters({ query }: RestRequest): Record<string, unknown> {
  const sort = typeof query.sort === "string" ? (SORTS[query.sort] ?? query.sort) : query.sort;
  return { tag: query.tag, status: query.status, sort, limit: integer(query.limit), offset: integer(query.offset) };
}

const byId = ({ params }: RestRequest) => ({ id: params.id });
const voteOf = ({ params, body }: RestRequest) => ({ id: params.id, voteType: body.voteType });

/** The forum service: `/api/forum/...` and, on FORUM_PORT, `/...`. */
export default {
  name: "forum",
  prefix: "/api/forum",
  directPort: { variable: "FORUM_PORT", port: 8087 },
  routes: [
    {
      method: "GET",
      path: "/questions",
      operation: `query($tag: String, $status: QuestionStatus, $sort: QuestionSort, $limit: Int, $offset: Int) {
        questions(tag: $tag, status: $status, sort: $sort, limit: $limit, offset: $offset) { items { ${QUESTION} } } }`,
      variables: listFilters,
      body: (d: Data) => d.questions.items.map(withAuthorName),
      restEnumValues: { sort: Object.keys(SORTS) },
    },
    {
      method: "POST",
      path: "/questions",
      operation: `mutation($input: QuestionInput!) { createQuestion(input: $input) { ${QUESTION} } }`,
      variables: ({ body }) => ({ input: pick(body, QUESTION_INPUT) }),
      body: (d: Data) => withAuthorName(d.createQuestion),
      status: 201,
    },
    {
      method: "GET",
      path: "/questions/:id",
      operation: `mutation($id: ID!) { viewQuestion(id: $id) { question { ${QUESTION} } answers { ${ANSWER} } } }`,
      variables: byId,
      body: (d: Data) => ({ question: withAuthorName(d.viewQuestion.question), answers: d.viewQuestion.answers.map(withAuthorName) }),
    },
    {
      method: "PUT",
      path: "/questions/:id",
      operation: `mutation($id: ID!, $input: QuestionInput!) { updateQuestion(id: $id, input: $input) { ${QUESTION} } }`,
      variables: ({ params, body }) => ({ id: params.id, input: pick(body, QUESTION_INPUT) }),
      body: (d: Data) => withAuthorName(d.updateQuestion),
    },
    {
      method: "DELETE",
      path: "/questions/:id",
      operation: `mutation($id: ID!) { deleteQuestion(id: $id) { message id } }`,
      variables: byId,
      body: (d: Data) => d.deleteQuestion,
    },
    {
      method: "POST",
      path: "/questions/:id/answers",
      operation: `mutation($questionId: ID!, $content: String!) { createAnswer(questionId: $questionId, content: $content) { ${ANSWER} } }`,
      variables: ({ params, body }) => ({ questionId: params.id, content: body.content }),
      body: (d: Data) => withAuthorName(d.createAnswer),
      status: 201,
      errorFields: { questionId: "id" },
    },
    {
      method: "POST",
      path: "/questions/:id/vote",
      operation: `mutation($id: ID!, $voteType: Int!) { voteQuestion(id: $id, voteType: $voteType) { ${QUESTION} } }`,
      variables: voteOf,
      body: (d: Data) => withAuthorName(d.voteQuestion),
    },
    {
      method: "POST",
      path: "/questions/:id/close",
      operation: `mutation($id: ID!) { closeQuestion(id: $id) { ${QUESTION} } }`,
      variables: byId,
      body: (d: Data) => withAuthorName(d.closeQuestion),
    },
    {
      method: "PUT",
      path: "/answers/:id",
      operation: `mutation($id: ID!, $content: String!) { updateAnswer(id: $id, content: $content) { ${ANSWER} } }`,
      variables: ({ params, body }) => ({ id: params.id, content: body.content }),
      body: (d: Data) => withAuthorName(d.updateAnswer),
    },
    {
      method: "DELETE",
      path: "/answers/:id",
      operation: `mutation($id: ID!) { deleteAnswer(id: $id) { message id } }`,
      variables: byId,
      body: (d: Data) => d.deleteAnswer,
    },
    {
      method: "POST",
      path: "/answers/:id/vote",
      operation: `mutation($id: ID!, $voteType: Int!) { voteAnswer(id: $id, voteType: $voteType) { ${ANSWER} } }`,
      variables: voteOf,
      body: (d: Data) => withAuthorName(d.voteAnswer),
    },
    {
      method: "POST",
      path: "/answers/:id/accept",
      operation: `mutation($id: ID!) { acceptAnswer(id: $id) { ${ANSWER} } }`,
      variables: byId,
      body: (d: Data) => withAuthorName(d.acceptAnswer),
    },
    {
      method: "POST",
      path: "/answers/:id/verify",
      operation: `mutation($id: ID!) { verifyAnswer(id: $id) { ${ANSWER} } }`,
      variables: byId,
      body: (d: Data) => withAuthorName(d.verifyAnswer),
    },
  ],
} satisfies RestService;
