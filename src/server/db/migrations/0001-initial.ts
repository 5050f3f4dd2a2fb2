// The first schema: every entity of spec §3 and what the flows need. Typed Kysely<any> so it never
// depends on today's types; column types chosen to mean the same on SQLite and PostgreSQL.
import { sql, type Kysely, type CreateTableBuilder } from 'kysely';

// column names are plain strings here: migrations never depend on today's types
type Table = CreateTableBuilder<string, any>;

export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const table = (name: string): Table =>
    db.schema.createTable(name).addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));
  const ref = (t: Table, col: string, target: string, nullable = false, cascade = true): Table =>
    t.addColumn(col, 'integer', (c) => {
      let r = c.references(`${target}.id`);
      if (cascade) r = r.onDelete('cascade');
      return nullable ? r : r.notNull();
    });
  const text = (t: Table, col: string, nullable = false): Table => t.addColumn(col, 'text', (c) => (nullable ? c : c.notNull()));
  const int = (t: Table, col: string, dflt?: number, nullable = false): Table =>
    t.addColumn(col, 'integer', (c) => {
      let r = nullable ? c : c.notNull();
      if (dflt !== undefined) r = r.defaultTo(dflt);
      return r;
    });
  const make = async (name: string, build: (t: Table) => Table) => build(table(name)).execute();
  const index = (name: string, tableName: string, cols: string[], unique = false) => {
    const b = db.schema.createIndex(name).on(tableName).columns(cols);
    return (unique ? b.unique() : b).execute();
  };

  await make('categories', (t) => int(text(text(t, 'key'), 'name'), 'position', 0).addUniqueConstraint('categories_key_uq', ['key']));
  await make('companies', (t) => text(text(text(text(t, 'key'), 'name'), 'logo', true), 'website', true).addUniqueConstraint('companies_key_uq', ['key']));
  await make('speakers', (t) => text(text(text(text(text(t, 'key'), 'name'), 'credentials', true), 'bio', true), 'photo', true).addUniqueConstraint('speakers_key_uq', ['key']));
  await make('surveys', (t) => text(text(text(t, 'key'), 'hash'), 'submit_label').addUniqueConstraint('surveys_key_uq', ['key']).addUniqueConstraint('surveys_hash_uq', ['hash']));
  await make('survey_questions', (t) => text(text(int(text(ref(t, 'survey_id', 'surveys'), 'hash'), 'position'), 'question'), 'type').addUniqueConstraint('survey_questions_hash_uq', ['hash']));
  await make('survey_options', (t) => text(int(text(ref(t, 'question_id', 'survey_questions'), 'hash'), 'position'), 'label').addUniqueConstraint('survey_options_hash_uq', ['hash']));
  await make('svas', (t) =>
    text(text(text(text(text(text(text(ref(t, 'company_id', 'companies'), 'key'), 'youtube_id', true), 'video_file', true), 'headline'), 'blurb'), 'button_yes'), 'button_no').addUniqueConstraint('svas_key_uq', ['key']),
  );

  await make('classes', (t) => {
    let c = text(t, 'hash');
    c = int(int(c, 'type_id'), 'is_tutorial', 0);
    c = text(c, 'name');
    c = ref(c, 'speaker_id', 'speakers', false, false);
    c = ref(c, 'company_id', 'companies', true, false);
    c = text(text(c, 'description'), 'photo');
    c = c.addColumn('credits', 'real', (x) => x.notNull().defaultTo(0));
    c = int(c, 'ce_type_id', 0);
    // end_date = release_date + duration, so "upcoming" (which includes in-progress webinars) is one indexed comparison
    c = text(text(c, 'release_date'), 'end_date');
    c = int(c, 'duration_min');
    for (const col of ['youtube_id', 'video_file', 'pdf_file', 'zoom_code']) c = text(c, col, true);
    c = int(c, 'capacity', undefined, true);
    c = int(c, 'seats_taken', 0);
    for (const col of ['agd_code', 'agd_category', 'learning_objectives']) c = text(c, col, true);
    c = ref(c, 'survey_id', 'surveys', true, false);
    c = ref(c, 'sva_id', 'svas', true, false);
    c = int(c, 'demo_offset_min', undefined, true);
    c = text(c, 'created_at');
    // the seat invariant lives in the database too: confirmed seats never exceed capacity
    return c.addUniqueConstraint('classes_hash_uq', ['hash']).addCheckConstraint('classes_seats_ck', sql`capacity is null or seats_taken <= capacity`);
  });
  await index('classes_type_release_ix', 'classes', ['type_id', 'release_date']);
  await index('classes_type_end_ix', 'classes', ['type_id', 'end_date']);
  await index('classes_tutorial_release_ix', 'classes', ['is_tutorial', 'release_date']);
  await db.schema
    .createTable('class_categories')
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('class_categories_pk', ['class_id', 'category_id'])
    .execute();
  await index('class_categories_category_ix', 'class_categories', ['category_id']);

  await make('podcast_shows', (t) => text(text(ref(text(text(t, 'hash'), 'title'), 'company_id', 'companies', true, false), 'photo'), 'blurb').addUniqueConstraint('podcast_shows_hash_uq', ['hash']));
  await make('podcasts', (t) => {
    let c = ref(text(t, 'hash'), 'show_id', 'podcast_shows');
    c = ref(text(c, 'title'), 'speaker_id', 'speakers', false, false);
    c = text(text(text(c, 'blurb'), 'description'), 'release_date');
    c = int(c, 'duration_sec');
    c = c.addColumn('credits', 'real', (x) => x.notNull().defaultTo(0));
    c = int(c, 'ce_type_id', 1);
    return text(text(text(c, 'mp3'), 'photo', true), 'transcript').addUniqueConstraint('podcasts_hash_uq', ['hash']);
  });
  await index('podcasts_release_ix', 'podcasts', ['release_date']);
  await index('podcasts_show_ix', 'podcasts', ['show_id', 'release_date']);
  await db.schema
    .createTable('podcast_categories')
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('podcast_categories_pk', ['podcast_id', 'category_id'])
    .execute();

  await make('ebooks', (t) => int(text(text(text(text(text(text(text(t, 'hash'), 'title'), 'subtitle', true), 'blurb'), 'thumbnail'), 'pdf'), 'button_text', true), 'position', 0).addUniqueConstraint('ebooks_hash_uq', ['hash']));

  await make('students', (t) => {
    let c = t;
    for (const col of ['hash', 'username', 'password_hash', 'title', 'firstname', 'lastname', 'job_title', 'office_name', 'address', 'city', 'state', 'zip', 'country', 'phone', 'email']) c = text(c, col);
    c = text(text(c, 'email2', true), 'agd_number', true);
    c = int(c, 'cert_year');
    for (const col of ['gender', 'age_range', 'office_size']) c = text(c, col);
    c = text(c, 'source_heard', true);
    c = int(c, 'hide_agd_reminder', 0);
    c = text(text(text(c, 'consent_removed_at', true), 'created_at'), 'updated_at');
    return c
      .addUniqueConstraint('students_hash_uq', ['hash'])
      .addUniqueConstraint('students_username_uq', ['username'])
      .addUniqueConstraint('students_email_uq', ['email'])
      .addUniqueConstraint('students_agd_uq', ['agd_number']);
  });
  await make('sessions', (t) => text(text(text(text(ref(text(t, 'token_hash'), 'student_id', 'students'), 'created_at'), 'last_seen_at'), 'expires_at'), 'user_agent', true).addUniqueConstraint('sessions_token_uq', ['token_hash']));
  await index('sessions_student_ix', 'sessions', ['student_id']);
  await make('auth_tokens', (t) => text(text(text(text(ref(text(t, 'token_hash'), 'student_id', 'students'), 'purpose'), 'expires_at'), 'used_at', true), 'created_at').addUniqueConstraint('auth_tokens_token_uq', ['token_hash']));
  await make('ebook_downloads', (t) => text(ref(ref(t, 'ebook_id', 'ebooks'), 'student_id', 'students'), 'created_at'));

  await make('seats', (t) =>
    text(text(text(text(ref(ref(t, 'class_id', 'classes'), 'student_id', 'students'), 'status'), 'cancel_code'), 'created_at'), 'updated_at')
      .addUniqueConstraint('seats_cancel_code_uq', ['cancel_code'])
      .addCheckConstraint('seats_status_ck', sql`status in ('reserved', 'waiting', 'cancelled')`),
  );
  // one active seat or waitlist place per student and webinar (security.md, seat invariants)
  await db.schema.createIndex('seats_active_uq').on('seats').columns(['class_id', 'student_id']).unique().where(sql.ref('status'), '<>', 'cancelled').execute();
  await index('seats_class_status_ix', 'seats', ['class_id', 'status', 'id']);
  await index('seats_student_ix', 'seats', ['student_id', 'status']);

  await make('gradebook', (t) => {
    let c = ref(ref(ref(t, 'student_id', 'students'), 'class_id', 'classes', true), 'podcast_id', 'podcasts', true);
    c = int(c, 'view_count', 0);
    c = text(text(c, 'started_at', true), 'ended_at', true);
    c = int(c, 'attended', undefined, true);
    for (const col of ['eval_taken_at', 'sva_done_at', 'survey_done_at', 'exam_taken_at']) c = text(c, col, true);
    c = int(c, 'exam_score', undefined, true);
    c = c.addColumn('credits', 'real');
    c = int(c, 'ce_type_id', undefined, true);
    return text(text(c, 'created_at'), 'updated_at').addUniqueConstraint('gradebook_class_uq', ['student_id', 'class_id']).addUniqueConstraint('gradebook_podcast_uq', ['student_id', 'podcast_id']);
  });
  await index('gradebook_student_exam_ix', 'gradebook', ['student_id', 'exam_taken_at']);
  await make('view_events', (t) => text(text(text(ref(ref(ref(t, 'student_id', 'students'), 'class_id', 'classes', true), 'podcast_id', 'podcasts', true), 'kind'), 'client_event_id', true), 'created_at'));
  await db.schema.createIndex('view_events_client_uq').on('view_events').columns(['student_id', 'client_event_id']).unique().where(sql.ref('client_event_id'), 'is not', null).execute();
  await make('queue', (t) => text(ref(ref(t, 'student_id', 'students'), 'class_id', 'classes'), 'created_at').addUniqueConstraint('queue_uq', ['student_id', 'class_id']));

  await make('exams', (t) => int(ref(ref(t, 'class_id', 'classes', true), 'podcast_id', 'podcasts', true), 'min_score').addUniqueConstraint('exams_class_uq', ['class_id']).addUniqueConstraint('exams_podcast_uq', ['podcast_id']));
  await make('exam_questions', (t) => {
    let c = text(int(ref(t, 'exam_id', 'exams'), 'position'), 'question');
    for (let i = 1; i <= 6; i++) c = text(c, `option${i}`, true);
    return int(c, 'correct_option');
  });
  await index('exam_questions_exam_ix', 'exam_questions', ['exam_id', 'position']);
  await make('exam_attempts', (t) => text(int(int(text(ref(ref(t, 'exam_id', 'exams'), 'student_id', 'students'), 'answers'), 'score'), 'passed'), 'created_at'));
  await index('exam_attempts_student_ix', 'exam_attempts', ['student_id', 'exam_id']);
  await make('survey_responses', (t) => text(text(text(ref(ref(ref(ref(t, 'survey_id', 'surveys'), 'question_id', 'survey_questions'), 'student_id', 'students'), 'class_id', 'classes', true), 'session_hash'), 'choices'), 'created_at'));
  await make('sva_responses', (t) => text(int(ref(ref(ref(t, 'sva_id', 'svas'), 'student_id', 'students'), 'class_id', 'classes'), 'answer_code'), 'created_at'));
  await make('evaluations', (t) => {
    let c = ref(ref(ref(t, 'student_id', 'students'), 'class_id', 'classes', true), 'podcast_id', 'podcasts', true);
    for (const col of ['course_objectives', 'course_useful', 'course_appropriate', 'course_logical', 'instructor_communication', 'instructor_preparedness', 'instructor_effectiveness', 'site_presentation', 'site_navigation', 'site_comparison']) c = int(c, col);
    return text(text(text(c, 'comments', true), 'other_topics', true), 'created_at');
  });
  await make('certificates', (t) => {
    let c = ref(ref(text(t, 'code'), 'student_id', 'students'), 'gradebook_id', 'gradebook');
    c = text(text(text(c, 'student_name'), 'title'), 'speaker_name', true);
    c = c.addColumn('credits', 'real', (x) => x.notNull());
    c = int(c, 'ce_type_id');
    return text(text(text(c, 'agd_code', true), 'completed_at'), 'issued_at').addUniqueConstraint('certificates_code_uq', ['code']).addUniqueConstraint('certificates_gradebook_uq', ['gradebook_id']);
  });

  await make('ads', (t) => int(text(text(text(text(text(ref(t, 'company_id', 'companies'), 'key'), 'button_text'), 'blurb'), 'confirmation_title'), 'confirmation_message'), 'active', 1).addUniqueConstraint('ads_key_uq', ['key']));
  await make('ad_banners', (t) => text(int(ref(t, 'ad_id', 'ads'), 'position'), 'url').addUniqueConstraint('ad_banners_uq', ['ad_id', 'position']));
  await db.schema.createTable('ad_placements').addColumn('list', 'text', (c) => c.primaryKey()).addColumn('index_start', 'integer', (c) => c.notNull()).addColumn('interval', 'integer', (c) => c.notNull()).execute();
  await make('ad_events', (t) => text(int(ref(ref(t, 'ad_id', 'ads'), 'student_id', 'students', true), 'event_id'), 'created_at'));
  await make('ad_leads', (t) => text(text(ref(ref(t, 'ad_id', 'ads'), 'student_id', 'students', true), 'email'), 'created_at'));
  await make('featured_content', (t) => int(int(ref(ref(int(t, 'slot_type'), 'class_id', 'classes', true), 'podcast_id', 'podcasts', true), 'active', 1), 'position', 0));
  await make('featured_clicks', (t) => text(ref(text(int(t, 'slot_type'), 'hash'), 'student_id', 'students', true), 'created_at'));
  await db.schema.createTable('blurbs').addColumn('code', 'text', (c) => c.primaryKey()).addColumn('html', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull()).execute();
  await make('lookups', (t) => int(text(text(text(t, 'list'), 'value'), 'label'), 'position').addUniqueConstraint('lookups_uq', ['list', 'value']));
  await make('support_messages', (t) => {
    let c = ref(t, 'student_id', 'students', true);
    for (const col of ['name', 'office', 'email', 'phone', 'subject', 'comment', 'created_at']) c = text(c, col);
    return c;
  });
  await make('email_outbox', (t) => {
    let c = text(text(text(text(text(t, 'to_address'), 'subject'), 'text_body'), 'html_body', true), 'attachments', true);
    c = text(text(text(c, 'created_at'), 'send_after'), 'sent_at', true);
    return text(int(c, 'attempts', 0), 'last_error', true);
  });
  await index('email_outbox_pending_ix', 'email_outbox', ['sent_at', 'send_after']);
  await make('page_views', (t) => text(ref(text(t, 'path'), 'student_id', 'students', true), 'created_at'));
  await db.schema.createTable('meta').addColumn('key', 'text', (c) => c.primaryKey()).addColumn('value', 'text', (c) => c.notNull()).execute();
}
