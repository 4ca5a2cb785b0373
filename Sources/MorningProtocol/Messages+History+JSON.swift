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
        o["tasksCompleted"] = .int(tasksCompleted)
        o["tasksPlanned"] = .int(tasksPlanned)
        o["daysTracked"] = .int(daysTracked)
        o["averagePerDay"] = .double(averagePerDay)
        o["completionRate"] = .double(completionRate)
        o["perfectDays"] = .int(perfectDays)
        o["bestRun"] = .int(bestRun)
        o["bestRunFrom"] = .nullable(bestRunFrom)
        o["bestRunThrough"] = .nullable(bestRunThrough)
        o["firstDate"] = .nullable(firstDate)
        o["lastDate"] = .nullable(lastDate)
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
        o["routine"] = .string(routine)
        o["routineId"] = .string(routineId)
        o["type"] = .raw(type)
        o["active"] = .bool(active)
        o["tasks"] = .int(tasks)
        o["stats"] = stats.json
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
        .object([.init(key: "routines", value: .array(routines)), .init(key: "overall", value: .nullable(overall))])
    }
}

extension Morning.HistoryDay: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(date: try o.string("date"), completed: try o.int(optional: "completed"), total: try o.int(optional: "total"))
    }

    public var json: JSONValue {
        .object([.init(key: "date", value: .string(date)), .init(key: "completed", value: .nullable(completed)),
                 .init(key: "total", value: .nullable(total))])
    }
}

extension Morning.HistoryParameters: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(routine: try o.string(optional: "routine"), months: try o.int("months"), locale: try o.string(optional: "locale"))
    }

    public var json: JSONValue {
        var o = JSONMembers()
        o["routine"] = routine.map(JSONValue.string)
        o["months"] = .int(months)
        o["locale"] = locale.map(JSONValue.string)
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
        o["routine"] = .nullable(routine)
        o["routineId"] = .nullable(routineId)
        o["from"] = .string(from)
        o["today"] = .string(today)
        o["days"] = .array(days)
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
        o["id"] = .string(id)
        o["name"] = .string(name)
        o["type"] = .raw(type)
        o["active"] = .bool(active)
        o["createdDate"] = .string(createdDate)
        o["startDate"] = .string(startDate)
        o["tasks"] = .array(tasks)
        o["days"] = .array(days)
        o["open"] = .array(open)
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
        o["format"] = .string(format)
        o["version"] = .int(version)
        o["exportedOn"] = .string(exportedOn)
        o["routines"] = .array(routines)
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
        .object([.init(key: "routines", value: .int(routines)), .init(key: "records", value: .int(records))])
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
        .object([.init(key: "title", value: .nullable(title)), .init(key: "tasks", value: .array(tasks))])
    }
}

extension Morning.DraftChangeReply: JSONCodable {
    public init(json o: JSONFields) throws {
        self.init(title: try o.string(optional: "title"), tasks: try o.array("tasks"), task: try o.value("task"))
    }

    public var json: JSONValue {
        .object([.init(key: "title", value: .nullable(title)), .init(key: "tasks", value: .array(tasks)),
                 .init(key: "task", value: task.json)])
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
        .object([.init(key: "title", value: .string(title)), .init(key: "tasks", value: .array(tasks))])
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
        o["vendor"] = .string(vendor)
        o["product"] = .string(product)
        o["version"] = .string(version)
        o["url"] = .string(url)
        o["interfaces"] = .strings(interfaces)
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
