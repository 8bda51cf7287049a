import { stepFor, fileDownloadPath } from "./projects";
import { type ProjectFileRow, type ProjectRow } from "./projects.server";
import { type ProjectComment } from "./project-conversation.server";

// The project API's wire shapes (docs/product.md, "Projects"), in one place.

// ---------------------------------------------------------------------------
// API shapes (docs/product.md, "Projects")

export function apiProjectSummary(project: ProjectRow) {
  return {
    id: project.id,
    title: project.title,
    status: project.status,
    created_at: project.createdAt.toISOString(),
  };
}

/**
 * One message of the project's thread. `author` is the role's label ("Client",
 * "Project Manager"), and stays "Client" for the organisation's own account, so
 * a one-person organisation reads what it always did; a message by another
 * member of the organisation is labelled with their name (issue #40).
 * `author_username` names the client person who wrote it (null for staff).
 */
function apiComment(comment: ProjectComment, accountId: string) {
  const byMember =
    comment.role === "client" && comment.authorId && comment.authorId !== accountId && comment.authorName;
  return {
    id: comment.id,
    text: comment.text,
    author: byMember ? comment.authorName : comment.author,
    author_username: comment.role === "client" ? (comment.authorUsername ?? null) : null,
    role: comment.role,
    timestamp: comment.timestamp.toISOString(),
  };
}

export function apiProjectDetail(
  detail: {
    project: ProjectRow;
    files: ProjectFileRow[];
    comments?: ProjectComment[];
    commentsTotal?: number;
    olderComments?: boolean;
  },
  origin: string,
) {
  const { project, files, comments = [], commentsTotal = comments.length, olderComments = false } = detail;
  const oldest = comments[0];
  return {
    id: project.id,
    title: project.title,
    description: project.description,
    status: project.status,
    step: stepFor(project.status, project.step),
    created_at: project.createdAt.toISOString(),
    category: project.category,
    budget: project.budget,
    timeline: project.timeline,
    use_tokens: project.useTokens,
    tokens_used: project.tokensUsed,
    files: files.map((file) => ({
      name: file.name,
      size: file.size,
      file: new URL(fileDownloadPath(project.id, file.id), origin).toString(),
    })),
    // The newest messages (at most 100), oldest first; `comments_older` reads the page before them.
    comments: comments.map((comment) => apiComment(comment, project.userId)),
    comments_total: commentsTotal,
    comments_older:
      olderComments && oldest
        ? new URL(`/api/projects/${project.id}/?comments_before=${oldest.id}`, origin).toString()
        : null,
  };
}
