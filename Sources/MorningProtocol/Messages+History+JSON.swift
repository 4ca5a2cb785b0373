// The JSON of each message in Messages+History.swift and Drafts.swift, and of the
// org.varlink.service replies (see JSONCodable).

extension Morning.StatsTotals: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(tasksCompleted: try o.int("tasksCompleted"), tasksPlanned: try o.int("tasksPlanned"),
                  daysTracked: try o.int("daysTracked"), averagePerDay: try o.double("averagePerDay"),
                  completionRate: try o.double("completionRate"), perfectDays: try o.int("perfectDays"),
                  bestRun: try o.int("bestRun"), bestRunFrom: try o.string(optional: "bestRunFrom"),
                  bestRunThrough: try o.string(optional: "bestRunThrough"), firstDate: try o.string(optional: "firstDate"),
                  lastDate: try o.string(optional: "lastDate"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["averagePerDay"] = .double(averagePerDay)
        o["bestRun"] = .int(bestRun)
        o["bestRunFrom"] = .nullable(bestRunFrom)
        o["bestRunThrough"] = .nullable(bestRunThrough)
        o["completionRate"] = .double(completionRate)
        o["daysTracked"] = .int(daysTracked)
        o["firstDate"] = .nullable(firstDate)
        o["lastDate"] = .nullable(lastDate)
        o["perfectDays"] = .int(perfectDays)
        o["tasksCompleted"] = .int(tasksCompleted)
        o["tasksPlanned"] = .int(tasksPlanned)
        return o.value
    }
}

extension Morning.RoutineStats: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routine: try o.string("routine"), routineId: try o.string("routineId"), type: try o.value("type"),
                  active: try o.bool("active"), tasks: try o.int("tasks"), stats: try o.value("stats"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["active"] = .bool(active)
        o["routine"] = .string(routine)
        o["routineId"] = .string(routineId)
        o["stats"] = stats.json
        o["tasks"] = .int(tasks)
        o["type"] = .raw(type)
        return o.value
    }
}

extension Morning.StatsParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routine: try o.string(optional: "routine"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["routine"] = routine.map(JSONValue.string)
        return o.value
    }
}

extension Morning.StatsReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routines: try o.array("routines"), overall: try o.value(optional: "overall"))
    }

    public var json: JSONValue {
        .object([.init(key: "overall", value: .nullable(overall)), .init(key: "routines", value: .array(routines))])
    }
}

extension Morning.HistoryDay: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(date: try o.string("date"), completed: try o.int(optional: "completed"), total: try o.int(optional: "total"))
    }

    public var json: JSONValue {
        .object([.init(key: "completed", value: .nullable(completed)), .init(key: "date", value: .string(date)),
                 .init(key: "total", value: .nullable(total))])
    }
}

extension Morning.HistoryParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routine: try o.string(optional: "routine"), months: try o.int("months"), locale: try o.string(optional: "locale"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["locale"] = locale.map(JSONValue.string)
        o["months"] = .int(months)
        o["routine"] = routine.map(JSONValue.string)
        return o.value
    }
}

extension Morning.HistoryReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routine: try o.string(optional: "routine"), routineId: try o.string(optional: "routineId"),
                  from: try o.string("from"), today: try o.string("today"), days: try o.array("days"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["days"] = .array(days)
        o["from"] = .string(from)
        o["routine"] = .nullable(routine)
        o["routineId"] = .nullable(routineId)
        o["today"] = .string(today)
        return o.value
    }
}

extension Morning.ExportDay: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(date: try o.string("date"), done: try o.ints("done"))
    }

    public var json: JSONValue {
        .object([.init(key: "date", value: .string(date)), .init(key: "done", value: .ints(done))])
    }
}

extension Morning.ExportRoutine: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(id: try o.string("id"), name: try o.string("name"), type: try o.value("type"),
                  active: try o.bool("active"), createdDate: try o.string("createdDate"),
                  startDate: try o.string("startDate"), tasks: try o.array("tasks"), days: try o.array("days"),
                  open: try o.array("open"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["active"] = .bool(active)
        o["createdDate"] = .string(createdDate)
        o["days"] = .array(days)
        o["id"] = .string(id)
        o["name"] = .string(name)
        o["open"] = .array(open)
        o["startDate"] = .string(startDate)
        o["tasks"] = .array(tasks)
        o["type"] = .raw(type)
        return o.value
    }
}

extension Morning.ExportDocument: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(format: try o.string("format"), version: try o.int("version"), exportedOn: try o.string("exportedOn"),
                  routines: try o.array("routines"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["exportedOn"] = .string(exportedOn)
        o["format"] = .string(format)
        o["routines"] = .array(routines)
        o["version"] = .int(version)
        return o.value
    }
}

extension Morning.ExportReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(document: try o.value("document"))
    }

    public var json: JSONValue { .object([.init(key: "document", value: document.json)]) }
}

extension Morning.ImportParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(document: try o.value("document"), replace: try o.bool("replace"))
    }

    public var json: JSONValue {
        .object([.init(key: "document", value: document.json), .init(key: "replace", value: .bool(replace))])
    }
}

extension Morning.ImportReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routines: try o.int("routines"), records: try o.int("records"))
    }

    public var json: JSONValue {
        .object([.init(key: "records", value: .int(records)), .init(key: "routines", value: .int(routines))])
    }
}

// MARK: - Drafts

extension Morning.DraftTask: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(position: try o.int("position"), time: try o.string("time"), title: try o.string("title"))
    }

    public var json: JSONValue {
        .object([.init(key: "position", value: .int(position)), .init(key: "time", value: .string(time)),
                 .init(key: "title", value: .string(title))])
    }
}

extension Morning.DraftReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(title: try o.string(optional: "title"), tasks: try o.array("tasks"))
    }

    public var json: JSONValue {
        .object([.init(key: "tasks", value: .array(tasks)), .init(key: "title", value: .nullable(title))])
    }
}

extension Morning.DraftChangeReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(title: try o.string(optional: "title"), tasks: try o.array("tasks"), task: try o.value("task"))
    }

    public var json: JSONValue {
        .object([.init(key: "task", value: task.json), .init(key: "tasks", value: .array(tasks)),
                 .init(key: "title", value: .nullable(title))])
    }
}

extension Morning.DraftTitleParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(title: try o.string("title"))
    }

    public var json: JSONValue { .object([.init(key: "title", value: .string(title))]) }
}

extension Morning.DraftAddParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(time: try o.string("time"), title: try o.string("title"))
    }

    public var json: JSONValue {
        .object([.init(key: "time", value: .string(time)), .init(key: "title", value: .string(title))])
    }
}

extension Morning.DraftRemoveParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(position: try o.int("position"))
    }

    public var json: JSONValue { .object([.init(key: "position", value: .int(position))]) }
}

extension Morning.CreateParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(title: try o.string("title"), tasks: try o.array("tasks"))
    }

    public var json: JSONValue {
        .object([.init(key: "tasks", value: .array(tasks)), .init(key: "title", value: .string(title))])
    }
}

extension Morning.CreateFromFileParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(text: try o.string("text"))
    }

    public var json: JSONValue { .object([.init(key: "text", value: .string(text))]) }
}

// MARK: - org.varlink.service

extension Varlink.GetInfoReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(vendor: try o.string("vendor"), product: try o.string("product"), version: try o.string("version"),
                  url: try o.string("url"), interfaces: try o.strings("interfaces"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["interfaces"] = .strings(interfaces)
        o["product"] = .string(product)
        o["url"] = .string(url)
        o["vendor"] = .string(vendor)
        o["version"] = .string(version)
        return o.value
    }
}

extension Varlink.InterfaceParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(interface: try o.string("interface"))
    }

    public var json: JSONValue { .object([.init(key: "interface", value: .string(interface))]) }
}

extension Varlink.DescriptionReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(description: try o.string("description"))
    }

    public var json: JSONValue { .object([.init(key: "description", value: .string(description))]) }
}

extension Empty: JSONCodable {
    public init(json o: JSONFields) throws { self.init() }

    public var json: JSONValue { .object([]) }
}
