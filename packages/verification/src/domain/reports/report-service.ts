/**
 * Creating a report of a job: the request checked (the stages to include, the template), the
 * model built from the job's results, rendered in the format asked for, and kept as an artifact
 * of the job, so it can be downloaded again later.
 */
import { VpErrors } from '../../errors.js';
import type { ArtifactRow } from '../../store/jobs.js';
import type { JobService } from '../job-service.js';
import { closestMatch } from '../suggest.js';
import { STAGES } from '../verify-config.js';
import {
  builtInTemplate,
  renderReport,
  REPORT_CONTENT_TYPES,
  reportFileName,
  SUMMARY_TEMPLATE,
  type HtmlTemplate,
  type ReportFormat,
} from './report-formats.js';
import { buildReportModel } from './report-model.js';
import { readProjectTemplate } from './template-path.js';

export interface ReportRequest {
  format?: ReportFormat;
  include?: string[];
  template?: string | null;
}

/** The stage name reports are recorded under in the artifacts table. */
const REPORT_STAGE = 'report';

function checkedStages(jobStages: readonly string[], include: readonly string[] | undefined): string[] {
  if (include === undefined) return [...jobStages];
  for (const [index, name] of include.entries()) {
    if (jobStages.includes(name)) continue;
    const closest = closestMatch(name, jobStages);
    // A stage name the schema knows, of a stage this job did not run: the request is well formed.
    const known = (STAGES as readonly string[]).includes(name);
    throw (known ? VpErrors.ruleViolation : VpErrors.validation)(
      { message: known ? `the job did not run the stage '${name}'` : `unknown stage '${name}'` },
      {
        details: {
          field: `include[${index}]`,
          suggestion: `the job ran ${jobStages.join(', ')}${closest === undefined ? '' : ` (did you mean '${closest}'?)`}`,
        },
      },
    );
  }
  return [...include];
}

export class ReportService {
  constructor(
    private readonly jobs: JobService,
    private readonly apiPrefix: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async htmlTemplate(jobId: string, request: ReportRequest): Promise<HtmlTemplate | null> {
    const name = request.template ?? null;
    if (name === null) return null;
    if ((request.format ?? 'html') !== 'html') {
      throw VpErrors.ruleViolation(
        { message: `a template applies to HTML reports only, not to format '${request.format}'` },
        { details: { field: 'template', suggestion: "leave out 'template', or ask for format 'html'" } },
      );
    }
    if (name === SUMMARY_TEMPLATE) return builtInTemplate(SUMMARY_TEMPLATE);
    return { name, source: await readProjectTemplate(this.jobs.sourceDirectory(jobId), name) };
  }

  /** Renders the report and keeps it as an artifact; answers the artifact's record and its bytes. */
  async create(jobId: string, request: ReportRequest): Promise<{ artifact: ArtifactRow; content: Buffer }> {
    const job = this.jobs.require(jobId);
    if (job.status === 'queued' || job.status === 'running') {
      throw VpErrors.conflict(
        { message: `job '${jobId}' is ${job.status}; a report can be made once it has ended` },
        { details: { status: job.status } },
      );
    }
    const format = request.format ?? 'html';
    const include = checkedStages(job.stages, request.include);
    const template = await this.htmlTemplate(jobId, request);
    const model = buildReportModel(
      {
        job,
        stages: this.jobs.stageRows(jobId),
        artifacts: this.jobs.artifacts(jobId),
        apiPrefix: this.apiPrefix,
        generatedAt: this.now().toISOString(),
      },
      include,
    );
    const content = Buffer.from(await renderReport(format, model, template), 'utf8');
    const artifact = this.jobs.saveArtifact(
      jobId,
      {
        name: reportFileName(format, template),
        stage: REPORT_STAGE,
        content_type: REPORT_CONTENT_TYPES[format],
      },
      content,
    );
    return { artifact, content };
  }
}
