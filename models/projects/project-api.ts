import { stepFor, fileDownloadPath } from "./projects";
import { type ProjectFileRow, type ProjectRow } from "./projects.server";

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

export function apiProjectDetail(detail: { project: ProjectRow; files: ProjectFileRow[] }, origin: string) {
  const { project, files } = detail;
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
  };
}
