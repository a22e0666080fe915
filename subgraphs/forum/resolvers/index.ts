import { DateTimeResolver } from "../../../lib/graphql/scalars.js";
import type { Resolvers } from "../__generated__/resolvers-types.js";
import { Answer } from "./Answer.js";
import { acceptAnswer } from "./Mutation/acceptAnswer.js";
import { closeQuestion } from "./Mutation/closeQuestion.js";
import { createAnswer } from "./Mutation/createAnswer.js";
import { createQuestion } from "./Mutation/createQuestion.js";
import { deleteAnswer } from "./Mutation/deleteAnswer.js";
import { deleteQuestion } from "./Mutation/deleteQuestion.js";
import { updateAnswer } from "./Mutation/updateAnswer.js";
import { updateQuestion } from "./Mutation/updateQuestion.js";
import { verifyAnswer } from "./Mutation/verifyAnswer.js";
import { viewQuestion } from "./Mutation/viewQuestion.js";
import { voteAnswer } from "./Mutation/voteAnswer.js";
import { voteQuestion } from "./Mutation/voteQuestion.js";
import { answer } from "./Query/answer.js";
import { question } from "./Query/question.js";
import { questionActivity } from "./Query/questionActivity.js";
import { questions } from "./Query/questions.js";
import { Question } from "./Question.js";
import { User } from "./User.js";

export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  Query: { answer, question, questionActivity, questions },
  Mutation: {
    acceptAnswer,
    closeQuestion,
    createAnswer,
    createQuestion,
    deleteAnswer,
    deleteQuestion,
    updateAnswer,
    updateQuestion,
    verifyAnswer,
    viewQuestion,
    voteAnswer,
    voteQuestion,
  },
  Answer,
  Question,
  User,
};
